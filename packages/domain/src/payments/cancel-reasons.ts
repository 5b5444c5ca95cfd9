// Why a parent ends a subscription, stored with the cancellation; free of zod so the browser's
// cancel form can list them without downloading the schema library.

export const cancelReasons = [
  "not_using_now",
  "high_price",
  "unable_to_get_content",
  "unable_to_get_app_access",
  "other",
] as const;
export type CancelReason = (typeof cancelReasons)[number];
