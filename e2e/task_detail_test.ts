// The task opened from /tasks?taskId=: the chief engineer changes «Сметы по видам работ» there;
// the surveyor sees the choice and cannot change it.
import assert from "node:assert/strict";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { expectJson } from "../server/testing.ts";

browserTest(
  "[e2e] the chief engineer chooses separate estimates in an opened task; the surveyor only sees it",
  async (h) => {
    const tasks: { id: number; assignedTo: number | null; separateEstimates: boolean }[] = await expectJson(
      h.t.as("surveyor@demo.local").get("/api/tasks"),
    );
    const task = tasks[0];
    assert.equal(task.separateEstimates, false);

    const engineer = await h.signedIn("engineer@demo.local", "phone", `/tasks?taskId=${task.id}`);
    await hydrated(engineer, "TaskDetailDialog");
    const dialog = engineer.getByRole("dialog");
    await dialog.getByLabel("Сметы по видам работ").selectOption({ label: "Отдельная на каждый вид работ" });
    await toast(engineer, "Сметы по видам работ: отдельная на каждый вид работ");
    await screenshot(engineer, "task-detail-estimates-phone");
    const saved = await expectJson(h.t.as("engineer@demo.local").get(`/api/tasks/${task.id}`));
    assert.equal(saved.separateEstimates, true);

    await engineer.reload();
    await hydrated(engineer, "TaskDetailDialog");
    assert.equal(
      await engineer.getByRole("dialog").getByLabel("Сметы по видам работ").inputValue(),
      "separate",
    );

    const surveyor = await h.signedIn("surveyor@demo.local", "phone", `/tasks?taskId=${task.id}`);
    await hydrated(surveyor, "TaskDetailDialog");
    const seen = surveyor.getByRole("dialog");
    await seen.getByText("Отдельная на каждый вид работ").waitFor();
    assert.equal(await seen.locator("select").count(), 1, "only the status menu is a choice");
    assert.equal(await seen.getByLabel("Сметы по видам работ").count(), 0);
  },
);
