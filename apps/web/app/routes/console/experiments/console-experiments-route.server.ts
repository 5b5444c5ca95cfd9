import {
  listExperiments,
  setSplitControl,
  setSplitWeights,
  startSplit,
  stopSplit,
} from "@kinderready/domain/console/experiment-admin.server";
import { experimentSegmentSchema, getExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { data } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedChange } from "../../../console/failed-change.server.ts";
import { requireOperatorChange } from "../../../console/operator-guard.server.ts";
import type { Route } from "./+types/console-experiments";

// Server side of experiments (/admin/experiments/): the splits and the chosen one's results in
// the chosen phase and segment; starting, stopping, re-weighting a split and naming its control.

/** The results' query: the phase and the segment, each optional (empty fields are "all"). */
export const experimentQuerySchema = experimentSegmentSchema.extend({ phase: z.string().min(1).max(40).optional() });

/** The query's fields the results read, empty ones left out; also what the CSV links carry. */
export function experimentQuery(url: URL): z.infer<typeof experimentQuerySchema> | null {
  const fields = Object.fromEntries(
    ["phase", "country", "locale", "device"].flatMap((name) => {
      const value = url.searchParams.get(name)?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = experimentQuerySchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

export async function loadConsoleExperiments({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const experiments = await listExperiments(services.splits);
  const url = new URL(request.url);
  const chosen = url.searchParams.get("split");
  const split = experiments.find((experiment) => experiment.name === chosen) ?? experiments[0];
  if (chosen && split?.name !== chosen) throw data({ error: "not-found" }, { status: 404 });
  const query = experimentQuery(url);
  if (!query) throw data({ error: "invalid" }, { status: 400 });
  const { phase, ...segment } = query;
  // A purchase split's results are conversions; the cancel flow's are save rates, on the retention page.
  const results =
    split?.scope === "purchase" ? await getExperimentResults(services, { split: split.name, phase, segment }) : null;
  return { experiments, split, results };
}

const name = z.string().min(1).max(60);
const changeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("weights"),
    split: name,
    weights: z.record(z.string().min(1).max(20), z.coerce.number("must be a number").min(0).max(1000)),
  }),
  z.object({ intent: z.literal("control"), split: name, control: z.string().min(1).max(20) }),
  z.object({ intent: z.enum(["stop", "start"]), split: name }),
]);

export type ExperimentActionResult = { ok: true; intent: string } | { ok: false; field: string; messageKey: string };

export async function handleConsoleExperimentsAction(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const operator = requireOperatorChange(args, form);
  const { services, errors } = args.context.get(requestContext);
  const weights = Object.fromEntries(
    [...form.entries()]
      .filter(([key]) => key.startsWith("weight."))
      .map(([key, value]) => [key.slice("weight.".length), String(value).trim().replace(",", ".")]),
  );
  const parsed = changeSchema.safeParse({
    intent: form.get("intent"),
    split: form.get("split"),
    weights,
    control: form.get("control") ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "weights" ? `weight.${String(issue.path[1])}` : String(issue?.path[0]);
    const messageKey = field === "control" ? "experiments.errors.control" : "experiments.errors.weight";
    return data<ExperimentActionResult>({ ok: false, field, messageKey }, { status: 400 });
  }
  const change = parsed.data;
  try {
    const by = { name: change.split, operatorId: operator.id };
    if (change.intent === "weights") await setSplitWeights(services.splits, { ...by, weights: change.weights });
    else if (change.intent === "control") await setSplitControl(services.splits, { ...by, control: change.control });
    else if (change.intent === "stop") await stopSplit(services.splits, by);
    else await startSplit(services.splits, by);
    return data<ExperimentActionResult>({ ok: true, intent: change.intent });
  } catch (error) {
    return failedChange(error, { errors, intent: change.intent, extra: {} });
  }
}
