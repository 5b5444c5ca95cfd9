// How long a review and its first name may be: the form in the browser shows these limits, so
// they live apart from the rules' zod shape (the funnel pages do not download the schema library).

export const reviewTextLength = { min: 20, max: 600 } as const;
export const firstNameMaxLength = 40;
