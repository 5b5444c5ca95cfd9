/** 128 random bits, URL-safe (22 characters): a bearer secret nobody can guess. Browser and server alike. */
export function createRandomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** What the server accepts as a token: 128 bits or more of randomness, URL-safe. */
export const userTokenPattern = /^[A-Za-z0-9_-]{22,128}$/;
