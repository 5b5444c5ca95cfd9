-- The simulator's tables move to its own migration set (packages/gateway-simulator/migrations), applied
-- only where the simulator is the gateway: a product paying through the real gateway keeps none.
DROP TABLE "gateway_simulator_cards" CASCADE;--> statement-breakpoint
DROP TABLE "gateway_simulator_orders" CASCADE;--> statement-breakpoint
DROP TABLE "gateway_simulator_pages" CASCADE;