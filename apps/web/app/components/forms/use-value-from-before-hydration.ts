import { type ChangeEvent, type RefObject, useLayoutEffect } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement;

/**
 * What the parent typed or ticked on the server-rendered page before the scripts took over,
 * handed to the control's change handler as it hydrates. Hydration leaves the browser's value in
 * place, but a controlled control's state still holds the value the page was rendered with, and
 * its next render would write that one back over the parent's.
 */
export function useValueFromBeforeHydration<E extends Control>(
  ref: RefObject<E | null>,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page hydrates
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && onChange && changedBeforeHydration(element)) {
      onChange({ target: element, currentTarget: element } as ChangeEvent<E>);
    }
  }, []);
}

/**
 * Whether the browser's value differs from the one rendered: React sets `defaultValue` and
 * `defaultChecked` to the rendered value as it hydrates and leaves the value itself alone. A radio
 * counts once ticked: the one the parent left is answered by the one they ticked.
 */
function changedBeforeHydration(element: Control): boolean {
  if (element instanceof HTMLInputElement && element.type === "radio")
    return element.checked && !element.defaultChecked;
  if (element instanceof HTMLInputElement && element.type === "checkbox") {
    return element.checked !== element.defaultChecked;
  }
  return element.value !== element.defaultValue;
}
