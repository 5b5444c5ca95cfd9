import type { PictureId } from "@kinderready/kit/pictures/picture-catalogue";

/**
 * A picture of the kit's library (the worksheets' own pictures), served as a small cached SVG.
 * Decorative beside its words, so screen readers skip it; sized, so nothing moves as it loads.
 */
export function Picture({
  id,
  size,
  lazy = false,
  className,
}: {
  id: PictureId;
  size: number;
  lazy?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={`/printables/files/picture/${id}.svg`}
      alt=""
      width={size}
      height={size}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
    />
  );
}
