import { createHmac } from "node:crypto";
import { z } from "zod";

// Split tests: each parent lands in a group deterministically, from a keyed hash of their id and
// the split's name under a server secret, against the groups' normalised weights, so nobody can
// choose or predict a group (prices depend on it). The default group is A; a parent in any other
// group counts as in the test.

export const defaultGroup = "A";

// A weight of 0 keeps a group's past results readable while nobody new lands in it.
const groupList = z
  .array(z.object({ name: z.string().min(1).max(20), weight: z.number().min(0).max(1000).default(0.5) }))
  .min(1)
  .max(10)
  .refine((groups) => new Set(groups.map((group) => group.name)).size === groups.length, "group names must differ")
  .refine((groups) => groups.some((group) => group.weight > 0), "at least one group needs a weight above 0");

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const splitDefinitionSchema = z
  .object({
    scope: z.string().min(1).max(60),
    name: z.string().min(1).max(60),
    // Groups as a list of { name, weight } or, as the first configuration was written, { A: 0.5 }.
    groups: z.preprocess(
      (value) => (isRecord(value) ? Object.entries(value).map(([name, weight]) => ({ name, weight })) : value),
      groupList,
    ),
    /** The group the results compare every other one with; A when not named. */
    control: z.string().min(1).max(20).optional(),
  })
  .refine((split) => split.control === undefined || split.groups.some((group) => group.name === split.control), {
    message: "the control must be one of the split's groups",
    path: ["control"],
  });
export type SplitDefinition = z.infer<typeof splitDefinitionSchema>;

/**
 * The split's control: the one it names, else A; a split with neither (a configuration written
 * before controls could be named, without an A) compares with its first group.
 */
export function controlOf(split: Pick<SplitDefinition, "groups" | "control">): string {
  if (split.control) return split.control;
  return split.groups.some((group) => group.name === defaultGroup)
    ? defaultGroup
    : (split.groups[0]?.name ?? defaultGroup);
}

/** A split as the API answers it: groups always as a list, weights filled in. */
export const splitDefinitionResult = z.object({
  scope: z.string(),
  name: z.string(),
  groups: z.array(z.object({ name: z.string(), weight: z.number() })),
  control: z.string().optional(),
});

/** SPLITS_SC, the remote configuration's list of splits. */
export const splitsConfigSchema = z.array(splitDefinitionSchema).max(50);

/** The one split set up: the intro offer, A and B at 0.5 each. */
export const introOfferSplit: SplitDefinition = {
  scope: "purchase",
  name: "intro-offer",
  groups: [
    { name: "A", weight: 0.5 },
    { name: "B", weight: 0.5 },
  ],
};
export const defaultSplits: readonly SplitDefinition[] = [introOfferSplit];

/**
 * The cancel flow's answer to "High price", tried both ways: each group is the offer shown first
 * (lifetime access for one payment, or a pause), the other rules unchanged (an offer a parent
 * cannot have falls back to what the rules give). Not running until the operator starts it; its
 * save rate per group is on the retention page.
 */
export const saveOfferSplit: SplitDefinition = {
  scope: "cancel-flow",
  name: "save-offer-high-price",
  groups: [
    { name: "lifetime", weight: 0.5 },
    { name: "pause", weight: 0.5 },
  ],
  control: "lifetime",
};

/** Every split the product knows how to run: the operator may start any of them. */
export const knownSplits: readonly SplitDefinition[] = [introOfferSplit, saveOfferSplit];

/**
 * A number in [0, 1) from the split's name and the parent's id, keyed with the server's secret:
 * the first 48 bits of HMAC-SHA256, uniform and independent of anything a visitor can pick.
 */
export function splitPosition(secret: string, splitName: string, unitId: string): number {
  const digest = createHmac("sha256", secret).update(`${splitName}\n${unitId}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** The group at a position in [0, 1) (splitPosition's) across the split's weights. */
export function assignGroup(split: SplitDefinition, at: number): string {
  const total = split.groups.reduce((sum, group) => sum + group.weight, 0);
  const position = at * total;
  let reached = 0;
  for (const group of split.groups) {
    reached += group.weight;
    if (position < reached) return group.name;
  }
  return split.groups[split.groups.length - 1]?.name ?? defaultGroup;
}

/** A split from the configuration by scope and name; unknown ones are ignored (undefined). */
export function findSplit(
  splits: readonly SplitDefinition[],
  scope: string,
  name: string,
): SplitDefinition | undefined {
  return splits.find((split) => split.scope === scope && split.name === name);
}
