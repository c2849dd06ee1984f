-- A fan-out's (and a test's) chain is now named after its event and endpoint, so webhook_deliveries_chain_attempt
-- makes one fan-out per (event, endpoint). Chains made before keep their names: their events are fanned out.
DROP INDEX "webhook_deliveries_fanout_once";