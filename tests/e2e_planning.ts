// A suite of `deno task test`, one test worker: browser flows of the schedule, the estimate editor and the
// client's link and messages.
import "../e2e/client_link_view_test.ts";
import "../e2e/client_messages_settings_test.ts";
import "../e2e/estimate_editor_test.ts";
import "../e2e/schedule_test.ts";
