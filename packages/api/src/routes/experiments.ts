import type { AppServices } from "@kinderready/domain/app-services";
import {
  experimentResultsSchema,
  experimentSegmentSchema,
  getExperimentResults,
} from "@kinderready/domain/console/experiment-results.server";
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

  app.get(
    "/console/experiments/:split",
    {
      schema: {
        summary:
          "An experiment's results in one phase (the current one by default), optionally for one country, language or device: the sample-ratio check against the phase's weights, purchases, guardrails, net revenue per visitor per currency, and every group against the control",
        tags: ["experiments"],
        params: z.object({ split: z.string().min(1).max(60) }),
        querystring: experimentSegmentSchema.extend({ phase: z.string().min(1).max(40).optional() }),
        response: { 200: experimentResultsSchema, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const { phase, ...segment } = request.query;
      return getExperimentResults(services, { split: request.params.split, phase, segment });
    },
  );
};
