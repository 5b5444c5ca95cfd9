import type { AppServices } from "@kinderready/domain/app-services";
import { getSplits, setSplits } from "@kinderready/domain/experiments/split-config.server";
import { splitDefinitionResult, splitsConfigSchema } from "@kinderready/domain/experiments/split-tests";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../error-handler.ts";

const splitsBody = z.object({ SPLITS_SC: splitsConfigSchema });
const splitsResult = z.object({ SPLITS_SC: z.array(splitDefinitionResult) });

/** The remote configuration of split tests (SPLITS_SC): the operator reads and replaces it. */
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
    async () => ({ SPLITS_SC: [...(await getSplits(services.db))] }),
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
      await setSplits(services.db, request.body.SPLITS_SC);
      return { SPLITS_SC: request.body.SPLITS_SC };
    },
  );
};
