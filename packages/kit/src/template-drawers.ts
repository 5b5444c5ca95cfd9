import type { ParamsOf, PrintableParams, TemplateId } from "./catalogue.ts";
import { everydayLifeDrawers } from "./everyday-life-drawers.ts";
import { motorAndLogicDrawers } from "./motor-and-logic-drawers.ts";
import { numberDrawers } from "./number-drawers.ts";
import { readingDrawers } from "./reading-drawers.ts";
import type { TemplateContext } from "./templates/context.ts";

// Which function draws each template's worksheet. The type lists every template: one added to
// the catalogue without a drawer here does not compile.

type Drawers = { [T in TemplateId]: (ctx: TemplateContext, params: ParamsOf<T>) => void };

const drawers: Drawers = { ...motorAndLogicDrawers, ...readingDrawers, ...numberDrawers, ...everydayLifeDrawers };

/** Draws a worksheet's body with the function its template names. */
export function drawTemplate(ctx: TemplateContext, params: PrintableParams) {
  (drawers[params.template] as (ctx: TemplateContext, params: PrintableParams) => void)(ctx, params);
}
