import { expect, it } from "vitest";
import { GatewayError, GatewayUnavailableError } from "./payment-gateway.ts";

/** What an error from another copy of this module (the page bundle's) looks like here. */
function fromAnotherCopy(name: string, fields: object = {}) {
  return Object.assign(new Error("from the adapter"), { name, ...fields });
}

it("recognises the gateway's errors from another copy of the module", () => {
  expect(fromAnotherCopy("GatewayError", { code: "5.06" }) instanceof GatewayError).toBe(true);
  expect(fromAnotherCopy("GatewayUnavailableError") instanceof GatewayUnavailableError).toBe(true);
  expect(new GatewayError("2.05", "unknown order", 404) instanceof GatewayError).toBe(true);
  expect(new GatewayUnavailableError("timed out") instanceof GatewayError).toBe(false);
  expect(new Error("other") instanceof GatewayUnavailableError).toBe(false);
  expect(("GatewayError" as unknown as object) instanceof GatewayError).toBe(false);
});
