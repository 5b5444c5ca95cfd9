import { fastify } from "fastify";
import { describe, expect, it } from "vitest";
import { apiServerOptions } from "./server-options.ts";

// Found by the API fuzzer: the router answered these itself, in Fastify's own error shape, and
// refused a valid 101-128 character user token in a path with 414.
describe("the server's router options", () => {
  const build = async () => {
    const app = fastify(apiServerOptions);
    app.get("/profile/:token", async (request) => request.params);
    await app.ready();
    return app;
  };

  it("reads a path parameter as long as a user token may be", async () => {
    const app = await build();
    const token = "t".repeat(128);
    const response = await app.inject({ method: "GET", url: `/profile/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token });
    await app.close();
  });

  it("answers an unreadable path in the API's error shape, naming the path parameters", async () => {
    const app = await build();
    const badEncoding = await app.inject({ method: "GET", url: "/profile/%zz" });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ message: "params: not a valid URL component", statusCode: 400 });
    const tooLong = await app.inject({ method: "GET", url: `/profile/${"t".repeat(129)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: "params: longer than 128 characters", statusCode: 414 });
    await app.close();
  });
});
