import { startRoundRobinProxy } from "./src/service/testing/round-robin-proxy.ts";
import { startTestService } from "./src/service/testing/test-service.ts";

const service = await startTestService();
const proxy = await startRoundRobinProxy([service.regionalUrl]);
const key = service.seed.ownerKey;
let bad = 0;
for (let i = 0; i < 30; i++) {
  const body = JSON.stringify({ url: -20, events: ["a"], description: { ["x".repeat(1_100_000)]: "true" } });
  const res = await fetch(`${proxy.url}/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body,
  });
  const text = await res.text();
  if (res.status === 502) {
    bad++;
    if (bad < 3) console.log(text);
  } else if (i === 0) console.log(res.status, res.headers.get("connection"), text.slice(0, 200));
}
console.log({ bad });
await proxy.close();
await service.close();
