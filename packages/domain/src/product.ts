/** The products the API protocol and the database schema allow: every lead, price and printable names one. */
export const products = ["kinderready"] as const;
/** The one this funnel sells; rows still carry a product column because the schema and protocol allow several. */
export const soldProduct = products[0];
