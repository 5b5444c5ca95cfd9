import { randomBytes } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import { luhnValid } from "@kinderready/domain/payments/test-cards";
import { formatPrice } from "@kinderready/i18n/intl-locale";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { PageOrder } from "./api-requests.ts";
import { gatewaySimulatorOrders, gatewaySimulatorPages } from "./simulator-schema.ts";

/**
 * The simulator's hosted payment page: what the parent sees on the gateway's site. Plain HTML
 * that works without script, in the merchant's language, checking the card's format as a real
 * page does before anything is charged. One small script writes the expiry date's slash as the
 * parent types, as a real gateway's page does.
 */

export type PaymentPageOptions = {
  db: Database;
  now: () => Date;
  /** Charges the page's order with a card number (or `paypal`); answers where to send the parent. */
  pay: (page: HostedPage, card: string) => Promise<"success" | "fail">;
};

export type HostedPage = { guid: string; merchant: string; orderId: string; order: PageOrder };

type Field = "number" | "expiry" | "cvv";
const cardFields: readonly string[] = ["number", "expiry", "cvv"] satisfies Field[];

/** A page's address: the guid /init answered (32 hex digits); anything else is no page. */
const pageParams = z.object({ guid: z.string().regex(/^[0-9a-f]{32}$/) });

/**
 * The page's form as a browser posts it: text fields, each absent when the parent left it
 * empty. Whatever else a client sends (a number, a list, JSON) is refused by field: a card field
 * is shown back as invalid (422), any other fault answered 400 naming it.
 */
const pageForm = z.object({
  method: z.enum(["card", "paypal"]).default("card"),
  number: z.string().max(64).default(""),
  expiry: z.string().max(16).default(""),
  cvv: z.string().max(16).default(""),
});
type Text = {
  title: string;
  notice: string;
  number: string;
  expiry: string;
  /** The expiry's pattern, in the letters the label names it with. */
  expiryPlaceholder: string;
  cvv: string;
  pay: string;
  paypal: string;
  or: string;
  invalid: Record<Field, string>;
  expired: string;
};

const texts: Record<string, Text> = {
  en: {
    title: "Secure payment",
    notice: "Test payment page: a local simulator stands in for the payment provider. No real money moves.",
    number: "Card number",
    expiry: "Expiry date (MM/YY)",
    expiryPlaceholder: "MM/YY",
    cvv: "Security code (CVV)",
    pay: "Pay {amount}",
    paypal: "Pay with PayPal",
    or: "or",
    invalid: {
      number: "Enter a valid card number.",
      expiry: "Enter a valid expiry date.",
      cvv: "Enter the 3 or 4 digits on the back of the card.",
    },
    expired: "This payment page has expired. Go back to the shop and try again.",
  },
  ru: {
    title: "Безопасная оплата",
    notice:
      "Тестовая страница оплаты: вместо платёжного провайдера работает локальный симулятор. Настоящие деньги не списываются.",
    number: "Номер карты",
    expiry: "Срок действия (ММ/ГГ)",
    expiryPlaceholder: "ММ/ГГ",
    cvv: "Код безопасности (CVV)",
    pay: "Оплатить {amount}",
    paypal: "Оплатить через PayPal",
    or: "или",
    invalid: {
      number: "Введите правильный номер карты.",
      expiry: "Введите правильный срок действия.",
      cvv: "Введите 3 или 4 цифры с обратной стороны карты.",
    },
    expired: "Срок действия этой страницы оплаты истёк. Вернитесь в магазин и попробуйте ещё раз.",
  },
  es: {
    title: "Pago seguro",
    notice: "Página de pago de prueba: un simulador local sustituye al proveedor de pagos. No se mueve dinero real.",
    number: "Número de tarjeta",
    expiry: "Fecha de caducidad (MM/AA)",
    expiryPlaceholder: "MM/AA",
    cvv: "Código de seguridad (CVV)",
    pay: "Pagar {amount}",
    paypal: "Pagar con PayPal",
    or: "o",
    invalid: {
      number: "Introduce un número de tarjeta válido.",
      expiry: "Introduce una fecha de caducidad válida.",
      cvv: "Introduce los 3 o 4 dígitos del reverso de la tarjeta.",
    },
    expired: "Esta página de pago ha caducado. Vuelve a la tienda e inténtalo de nuevo.",
  },
  fr: {
    title: "Paiement sécurisé",
    notice:
      "Page de paiement de test\u00a0: un simulateur local remplace le prestataire de paiement. Aucun argent réel n’est débité.",
    number: "Numéro de carte",
    expiry: "Date d’expiration (MM/AA)",
    expiryPlaceholder: "MM/AA",
    cvv: "Code de sécurité (CVV)",
    pay: "Payer {amount}",
    paypal: "Payer avec PayPal",
    or: "ou",
    invalid: {
      number: "Saisissez un numéro de carte valide.",
      expiry: "Saisissez une date d’expiration valide.",
      cvv: "Saisissez les 3 ou 4 chiffres au dos de la carte.",
    },
    expired: "Cette page de paiement a expiré. Revenez sur la boutique et réessayez.",
  },
  ar: {
    title: "دفع آمن",
    notice: "صفحة دفع تجريبية: محاكٍ محلي يحل محل مزوّد الدفع. لا تُحوَّل أي أموال حقيقية.",
    number: "رقم البطاقة",
    expiry: "تاريخ الانتهاء (شهر/سنة)",
    expiryPlaceholder: "شهر/سنة",
    cvv: "رمز الأمان (CVV)",
    pay: "ادفع {amount}",
    paypal: "الدفع عبر PayPal",
    or: "أو",
    invalid: {
      number: "أدخل رقم بطاقة صحيحًا.",
      expiry: "أدخل تاريخ انتهاء صحيحًا.",
      cvv: "أدخل الأرقام الثلاثة أو الأربعة الموجودة على ظهر البطاقة.",
    },
    expired: "انتهت صلاحية صفحة الدفع هذه. عد إلى المتجر وحاول مرة أخرى.",
  },
  de: {
    title: "Sichere Zahlung",
    notice: "Test-Zahlungsseite: Ein lokaler Simulator ersetzt den Zahlungsanbieter. Es fließt kein echtes Geld.",
    number: "Kartennummer",
    expiry: "Ablaufdatum (MM/JJ)",
    expiryPlaceholder: "MM/JJ",
    cvv: "Sicherheitscode (CVV)",
    pay: "{amount} bezahlen",
    paypal: "Mit PayPal bezahlen",
    or: "oder",
    invalid: {
      number: "Bitte geben Sie eine gültige Kartennummer ein.",
      expiry: "Bitte geben Sie ein gültiges Ablaufdatum ein.",
      cvv: "Bitte geben Sie die 3 oder 4 Ziffern auf der Kartenrückseite ein.",
    },
    expired: "Diese Zahlungsseite ist abgelaufen. Bitte kehren Sie zum Shop zurück und versuchen Sie es noch einmal.",
  },
  pt: {
    title: "Pagamento seguro",
    notice:
      "Página de pagamento de teste: um simulador local substitui o provedor de pagamentos. Nenhum dinheiro real é movimentado.",
    number: "Número do cartão",
    expiry: "Data de validade (MM/AA)",
    expiryPlaceholder: "MM/AA",
    cvv: "Código de segurança (CVV)",
    pay: "Pagar {amount}",
    paypal: "Pagar com PayPal",
    or: "ou",
    invalid: {
      number: "Digite um número de cartão válido.",
      expiry: "Digite uma data de validade válida.",
      cvv: "Digite os 3 ou 4 dígitos do verso do cartão.",
    },
    expired: "Esta página de pagamento expirou. Volte à loja e tente novamente.",
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The card checks a hosted page makes before charging: a real number, a future expiry, a CVV. */
export function checkCardFields(input: { number: string; expiry: string; cvv: string }, now: Date): Field[] {
  const invalid: Field[] = [];
  if (!luhnValid(input.number.replace(/[\s-]/g, ""))) invalid.push("number");
  // 12/28, 12 / 28, or 1228 as pasted or typed without script.
  const expiry = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(input.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!expiry || month < 1 || month > 12 || year * 12 + month < current) invalid.push("expiry");
  if (!/^\d{3,4}$/.test(input.cvv.trim())) invalid.push("cvv");
  return invalid;
}

/**
 * The expiry field's slash, written as the parent types: 1228 reads 12/28. Each backspace removes
 * one character, a slash they typed stays, and a single-digit month typed with its slash gets
 * its 0 (2/ reads 02/). Only while typing at the end: an edit in the middle is left as it is.
 */
const expirySlash = `document.getElementById("expiry").addEventListener("input", (event) => {
  const input = event.currentTarget;
  if (input.selectionStart !== input.value.length) return;
  const typed = input.value.replace(/^(\\d)\\s*\\//, "0$1/");
  const digits = typed.replace(/\\D/g, "").slice(0, 4);
  const slash = digits.length > 2 || (digits.length === 2 && /\\/\\s*$/.test(typed));
  const value = slash ? digits.slice(0, 2) + "/" + digits.slice(2) : digits;
  if (value !== input.value) input.value = value;
});`;

function renderPage(
  page: HostedPage,
  nonce: string,
  state: { values?: { number: string; expiry: string }; invalid?: Field[] } = {},
): string {
  const language = page.order.language && texts[page.order.language] ? page.order.language : "en";
  const t = texts[language] as Text;
  const amount = formatPrice(language, page.order.currency, page.order.amount / 100);
  const invalid = new Set(state.invalid ?? []);
  const field = (name: Field, label: string, attributes: string, value = "") => {
    const error = invalid.has(name);
    return `<p><label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}" required${
      error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""
    }>${error ? `<span class="error" id="${name}-error">${escapeHtml(t.invalid[name])}</span>` : ""}</p>`;
  };
  return `<!doctype html>
<html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(t.title)}</title>
<style nonce="${nonce}">
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1d2433}
main{max-width:26rem;margin:0 auto;padding:1.5rem 1rem}
.notice{background:#fff4d6;border:1px solid #e0b84c;border-radius:.5rem;padding:.75rem}
.order{font-size:1.125rem}
label{display:block;font-weight:600}
input{box-sizing:border-box;width:100%;font:inherit;padding:.75rem;border:1px solid #6b7280;border-radius:.5rem}
input[aria-invalid]{border-color:#b42318}
.error{display:block;color:#b42318}
button{width:100%;font:inherit;font-weight:700;padding:.875rem;border:0;border-radius:.5rem;background:#1f4fd1;color:#fff;cursor:pointer}
button.paypal{background:#ffc439;color:#1d2433}
:focus-visible{outline:3px solid #1d2433;outline-offset:2px}
</style></head>
<body><main>
<h1>${escapeHtml(t.title)}</h1>
<p class="notice" role="note">${escapeHtml(t.notice)}</p>
<p class="order">${escapeHtml(page.order.order_description)}: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" novalidate>
<input type="hidden" name="method" value="card">
${field("number", t.number, 'inputmode="numeric" autocomplete="cc-number"', state.values?.number)}
${field("expiry", t.expiry, `inputmode="numeric" autocomplete="cc-exp" placeholder="${escapeHtml(t.expiryPlaceholder)}"`, state.values?.expiry)}
${field("cvv", t.cvv, 'inputmode="numeric" autocomplete="cc-csc"')}
<button type="submit">${escapeHtml(t.pay.replace("{amount}", amount))}</button>
</form>
<p>${escapeHtml(t.or)}</p>
<form method="post"><input type="hidden" name="method" value="paypal">
<button type="submit" class="paypal">${escapeHtml(t.paypal)}</button></form>
</main><script nonce="${nonce}">${expirySlash}</script></body></html>`;
}

function send(reply: FastifyReply, status: number, html: string, nonce: string) {
  return reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(html);
}

export async function paymentPageRoutes(app: FastifyInstance, options: PaymentPageOptions): Promise<void> {
  const { db } = options;
  // Browsers post the form url-encoded; a client's JSON is read as Fastify reads it, and both are
  // checked field by field (pageForm).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const expired = (reply: FastifyReply, nonce: string) =>
    send(
      reply,
      404,
      `<!doctype html><html lang="en"><title>Payment</title><p>${escapeHtml(texts.en?.expired ?? "")}`,
      nonce,
    );

  async function findPage(params: unknown): Promise<HostedPage | undefined> {
    const address = pageParams.safeParse(params);
    if (!address.success) return undefined;
    const [row] = await db
      .select()
      .from(gatewaySimulatorPages)
      .where(eq(gatewaySimulatorPages.guid, address.data.guid));
    if (!row || row.expiresAt <= options.now()) return undefined;
    return { guid: row.guid, merchant: row.merchant, orderId: row.orderId, order: row.order as PageOrder };
  }

  app.get("/:guid", async (request, reply) => {
    const nonce = randomBytes(16).toString("base64");
    const page = await findPage(request.params);
    if (!page) return expired(reply, nonce);
    return send(reply, 200, renderPage(page, nonce), nonce);
  });

  app.post("/:guid", async (request, reply) => {
    const nonce = randomBytes(16).toString("base64");
    const page = await findPage(request.params);
    if (!page) return expired(reply, nonce);
    // No body at all is an empty form; a body that is no form (null, a list, text) is refused.
    const form = pageForm.safeParse(request.body === undefined ? {} : request.body);
    if (!form.success) {
      const fields = form.error.issues.map((issue) => String(issue.path[0] ?? "body"));
      const invalid = fields.filter((field): field is Field => cardFields.includes(field));
      if (invalid.length === fields.length) return send(reply, 422, renderPage(page, nonce, { invalid }), nonce);
      const field = fields.find((name) => !cardFields.includes(name)) ?? "body";
      return reply
        .status(400)
        .header("content-type", "text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .send(`${field}: ${field === "method" ? "must be card or paypal" : "must be the payment form's fields"}`);
    }
    const body = form.data;
    const [paid] = await db
      .select({ finalStatus: gatewaySimulatorOrders.finalStatus })
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, page.orderId));
    // A page is paid once: a second submit (double click, the back button) only returns the parent.
    if (paid)
      return reply.redirect(paid.finalStatus === "declined" ? page.order.fail_url : page.order.success_url, 303);

    let card = "paypal";
    if (body.method !== "paypal") {
      const values = { number: body.number, expiry: body.expiry, cvv: body.cvv };
      const invalid = checkCardFields(values, options.now());
      if (invalid.length > 0) return send(reply, 422, renderPage(page, nonce, { values, invalid }), nonce);
      card = values.number.replace(/[\s-]/g, "");
    }
    const outcome = await options.pay(page, card);
    return reply.redirect(outcome === "fail" ? page.order.fail_url : page.order.success_url, 303);
  });
}
