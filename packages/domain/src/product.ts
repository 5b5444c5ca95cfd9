/** The products this funnel sells; every lead, price and printable belongs to one. */
export const products = ["kinderready"] as const;
export type Product = (typeof products)[number];
export const defaultProduct: Product = products[0];
