import { describe, expect, it } from "vitest";
import { trackingFromLanding } from "./capture-tracking.ts";

describe("trackingFromLanding", () => {
  it("reads UTM labels, click ids and the ad platforms' cookies", () => {
    const tracking = trackingFromLanding({
      search: "?utm_source=facebook&utm_campaign=spring&utm_medium=cpc&utm_content=video&fbclid=F1&gclid=G1&ttclid=T1",
      cookies: "_ga=GA1.1.111.222; _fbp=fb.1.1.333",
      now: 1700000000000,
    });
    expect(tracking).toEqual({
      utmLabels: { utm_campaign: "spring", utm_medium: "cpc", utm_source: "facebook", utm_content: "video" },
      googleAnalytics: { gclid: "G1", client_id: "111.222" },
      fbAnalytics: { fb_pixel_id: undefined, fbc: "fb.1.1700000000000.F1", fbp: "fb.1.1.333", fbclid: "F1" },
      ttclid: "T1",
      organic: false,
    });
  });

  it("falls back to af_sub1 for the Meta click id and counts a landing without utm keys as organic", () => {
    const tracking = trackingFromLanding({ search: "?af_sub1=AF", cookies: "_fbc=fb.1.5.X", now: 0 });
    expect(tracking?.fbAnalytics).toMatchObject({ fbclid: "AF", fbc: "fb.1.5.X" });
    expect(tracking?.organic).toBe(true);
  });

  it("has nothing to say about an address without attribution", () => {
    expect(trackingFromLanding({ search: "?token=abc&lang=fr", cookies: "", now: 0 })).toBeUndefined();
  });
});
