/**
 * A failure the caller can act on, naming the field at fault. Transports map the kind to a
 * status (invalid 400, conflict 409, not-found 404); the key is the catalogue message for the browser.
 */
export class DomainError extends Error {
  override name = "DomainError";
  readonly kind: "invalid" | "conflict" | "not-found";
  readonly field: string;
  readonly messageKey: string | undefined;

  constructor(kind: "invalid" | "conflict" | "not-found", field: string, message: string, messageKey?: string) {
    super(message);
    this.kind = kind;
    this.field = field;
    this.messageKey = messageKey;
  }
}
