// @vitest-environment happy-dom
import { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ControlledInput, ControlledTextArea } from "./field.tsx";

// A parent types and ticks on the server's page before the scripts run: once they hydrate, the
// form's state holds what the parent did, and the next render keeps it on screen.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Form() {
  const [name, setName] = useState("");
  const [note, setNote] = useState("");
  const [ticked, setTicked] = useState<string[]>([]);
  const [rating, setRating] = useState(0);
  const [renders, setRenders] = useState(0);
  const toggle = (value: string) =>
    setTicked((current) => (current.includes(value) ? current.filter((v) => v !== value) : [...current, value]));
  return (
    <form>
      <ControlledInput id="name" value={name} onChange={(event) => setName(event.target.value)} />
      <ControlledTextArea id="note" value={note} onChange={(event) => setNote(event.target.value)} />
      {["a", "b"].map((value) => (
        <ControlledInput
          key={value}
          id={`goal-${value}`}
          type="checkbox"
          checked={ticked.includes(value)}
          onChange={() => toggle(value)}
        />
      ))}
      {[1, 2].map((value) => (
        <ControlledInput
          key={value}
          id={`rating-${value}`}
          type="radio"
          name="rating"
          checked={rating === value}
          onChange={() => setRating(value)}
        />
      ))}
      <output id="state">{JSON.stringify({ name, note, ticked, rating })}</output>
      <button type="button" id="render" onClick={() => setRenders(renders + 1)} />
    </form>
  );
}

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

async function hydrateAfter(parent: () => void) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  parent();
  await act(async () => {
    root = hydrateRoot(container, <Form />);
  });
  // Any later render writes the state into the controlled inputs.
  await act(async () => element("render").click());
}

describe("controlled inputs hydrating over the parent's input", () => {
  it("keep text typed and boxes ticked before the scripts ran, in the state and on screen", async () => {
    await hydrateAfter(() => {
      element<HTMLInputElement>("name").value = "Маша";
      element<HTMLTextAreaElement>("note").value = "Loves drawing";
      element<HTMLInputElement>("goal-b").checked = true;
      element<HTMLInputElement>("rating-2").checked = true;
    });
    expect(JSON.parse(element("state").textContent ?? "")).toEqual({
      name: "Маша",
      note: "Loves drawing",
      ticked: ["b"],
      rating: 2,
    });
    expect(element<HTMLInputElement>("name").value).toBe("Маша");
    expect(element<HTMLInputElement>("goal-b").checked).toBe(true);
    expect(element<HTMLInputElement>("rating-2").checked).toBe(true);
  });

  it("leave the state as rendered when the parent did nothing before", async () => {
    await hydrateAfter(() => {});
    expect(JSON.parse(element("state").textContent ?? "")).toEqual({ name: "", note: "", ticked: [], rating: 0 });
  });
});
