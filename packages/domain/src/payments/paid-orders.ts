// What every console figure calls a sale: an order the gateway took the money for, whether or
// not it was refunded since. A refund is a later event with its own figures (refunds, refund
// rate); it never makes a sale disappear from the funnel, the experiments or the revenue counts,
// so the same purchase is the same number on every page.

/** The statuses of an order that was paid: approved, or approved and later refunded. */
export const paidOrderStatuses = ["approved", "refunded"] as const;

/** The same list as SQL, for raw fragments (`status in (...)`); constants only. */
export const paidOrderStatusesSql = paidOrderStatuses.map((status) => `'${status}'`).join(", ");
