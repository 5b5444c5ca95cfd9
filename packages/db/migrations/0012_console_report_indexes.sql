CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target");--> statement-breakpoint
CREATE INDEX "ledger_entries_time" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_user" ON "ledger_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_cancelled" ON "subscriptions" USING btree ("cancelled_at") WHERE cancelled_at is not null;