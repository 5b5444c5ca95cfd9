import { z } from "zod";
import { userTokenPattern } from "../random-token.ts";

// The parent's bearer token as every feature's API and page shapes accept it, declared once.

export const userTokenSchema = z.string().regex(userTokenPattern, "must be a URL-safe token of 22 to 128 characters");
