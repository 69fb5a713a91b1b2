import assert from "node:assert/strict";
import { createTestApp } from "../testing.ts";

Deno.test("[api] POST /api/login signs a demo user in and GET /api/user shows the role", async () => {
  const t = await createTestApp();
  try {
    const res = await t.request("/api/user", { as: "engineer@demo.local" });
    assert.equal(res.status, 200);
    const user = await res.json();
    assert.equal(user.role, "chief_engineer");
    assert.equal(user.companyName, "ООО «Демо Септик»");
  } finally {
    await t.close();
  }
});
