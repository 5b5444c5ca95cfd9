import { Fragment } from "react";

/**
 * An email address as text: read left to right on every page (isolated from an Arabic sentence
 * around it), and free to wrap after its @ and dots, so a long one breaks between its names
 * rather than mid-name.
 */
export function EmailAddress({ address }: { address: string }) {
  // Each piece ends at an @ or a dot: a line may break after it.
  const pieces = address.split(/(?<=[@.])/);
  return (
    <bdi dir="ltr" className="email-address">
      {pieces.map((piece, index) => (
        // The pieces of one address stand in a fixed order.
        // biome-ignore lint/suspicious/noArrayIndexKey: the position is the piece's identity here
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </bdi>
  );
}
