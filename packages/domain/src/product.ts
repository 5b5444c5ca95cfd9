/** The products the API protocol and the database schema allow: every lead, price and printable names one. */
export const products = ["kinderready"] as const;
export type Product = (typeof products)[number];
/** Rows still carry a product column (the schema and protocol allow several); this funnel sells one, this one. */
export const soldProduct: Product = products[0];
export const defaultProduct: Product = soldProduct;
