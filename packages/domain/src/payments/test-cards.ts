/**
 * What the simulator does with a card number (the same table is in the README's Test cards).
 * Any future expiry and any CVV are accepted; the number alone decides the outcome.
 */
export type CardOutcome =
  | { kind: "approved" }
  | { kind: "declined"; code: string }
  /** Approved on the first payment, declined with `code` on every later merchant-initiated charge. */
  | { kind: "approved-then-declined"; code: string }
  /** Approved on the first payment; every later merchant-initiated charge stays processing for ever. */
  | { kind: "never-final" };

const approved = new Set([
  "4067429974719265", // the product's approved test card, and Solidgate's sandbox success card
  "4242424242424242",
]);

// Solidgate's own sandbox numbers behave as Solidgate documents them.
const sandbox: Record<string, string> = {
  "4553815318053315": "0.01",
  "5151948477715326": "3.02",
  "4838438060885557": "2.06",
  "5462413335551193": "3.01",
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardOutcome(cardNumber: string): CardOutcome {
  const number = cardNumber.replace(/[\s-]/g, "");
  if (approved.has(number)) return { kind: "approved" };
  const known = sandbox[number];
  if (known) return { kind: "declined", code: known };
  if (number === "4000000000009995") return { kind: "never-final" };
  // 4000 0000 0001 XYZC: approved first, then every merchant-initiated charge declines X.YZ.
  const later = /^400000000001(\d)(\d\d)\d$/.exec(number);
  if (later && luhnValid(number)) return { kind: "approved-then-declined", code: `${later[1]}.${later[2]}` };
  // 4000 0000 0000 XYZC declines with code X.YZ (C is the Luhn check digit).
  const match = /^400000000000(\d)(\d\d)\d$/.exec(number);
  if (match && luhnValid(number)) return { kind: "declined", code: `${match[1]}.${match[2]}` };
  // Any other number with a valid check digit is an unknown card: invalid card number.
  return { kind: "declined", code: "2.08" };
}
