import type { ReactNode } from "react";
import type { RequiredBoxState } from "./use-offer-checkout.ts";

/**
 * A box the order needs ticked, with its refusal under it. The browser's own input: ticked at
 * first when `ticked`, and a tick made before the scripts ran survives their start.
 */
export function RequiredBox({
  box,
  name,
  ticked,
  error,
  children,
}: {
  box: RequiredBoxState;
  name: string;
  ticked: boolean;
  /** The refusal's id and text, shown while the box is refused. */
  error: { id: string; text: string };
  children: ReactNode;
}) {
  const shown = box.refused ? error : undefined;
  return (
    <>
      <label className="consent offer__agree">
        <input
          ref={box.ref}
          type="checkbox"
          name={name}
          required
          defaultChecked={ticked}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown?.id}
          onChange={(event) => {
            if (event.target.checked) box.onTick();
          }}
        />
        <span>{children}</span>
      </label>
      {shown && (
        <p id={shown.id} className="field__error" role="alert">
          {shown.text}
        </p>
      )}
    </>
  );
}
