import type { AppServices } from "@kinderready/domain/app-services";
import { getExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { splitDefinitionResult, splitsConfigSchema } from "@kinderready/domain/experiments/split-tests";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../error-handler.ts";

const splitsBody = z.object({ SPLITS_SC: splitsConfigSchema });
const splitsResult = z.object({ SPLITS_SC: z.array(splitDefinitionResult) });

/** The remote configuration of split tests (SPLITS_SC), which the operator reads and replaces, and their results. */
export const experimentRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const response = { 200: splitsResult, 400: errorBody, 401: errorBody };
  app.get(
    "/remote-config/splits",
    {
      schema: {
        summary: "The split tests in force (SPLITS_SC): the operator's, or the defaults",
        tags: ["experiments"],
        response,
      },
    },
    async () => ({ SPLITS_SC: [...(await services.splits.current())] }),
  );

  app.put(
    "/remote-config/splits",
    {
      schema: {
        summary: "Replace the split tests (SPLITS_SC); unknown scopes and names are kept but ignored",
        tags: ["experiments"],
        body: splitsBody,
        response,
      },
    },
    async (request) => {
      await services.splits.replace(request.body.SPLITS_SC);
      return { SPLITS_SC: request.body.SPLITS_SC };
    },
  );

  const interval = z.object({ low: z.number(), high: z.number() });
  app.get(
    "/console/experiments/:split",
    {
      schema: {
        summary:
          "An experiment's results: exposures, sample-ratio check, purchases, revenue per visitor and chance to beat A",
        tags: ["experiments"],
        params: z.object({ split: z.string().min(1).max(60) }),
        querystring: z.object({ since: z.coerce.date().optional() }),
        response: {
          200: z.object({
            split: z.string(),
            sampleRatio: z
              .object({ statistic: z.number(), degrees: z.number(), pValue: z.number(), mismatch: z.boolean() })
              .nullable(),
            groups: z.array(
              z.object({
                group: z.string(),
                exposed: z.number(),
                purchased: z.number(),
                conversionRate: z.number(),
                interval,
                revenuePerVisitor: z.record(z.string(), z.number()),
                versusControl: z.object({ chanceToBeat: z.number(), difference: interval }).optional(),
              }),
            ),
            daily: z.array(
              z.object({ day: z.string(), group: z.string(), exposed: z.number(), purchased: z.number() }),
            ),
          }),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request) => getExperimentResults(services, { split: request.params.split, since: request.query.since }),
  );
};
