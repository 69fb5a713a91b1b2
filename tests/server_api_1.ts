// A suite of `deno task test`, one test worker: the API routers, first half (in one suite they would leave
// the other test worker idle).
import "../server/api/acts_test.ts";
import "../server/api/admin_test.ts";
import "../server/api/auth_test.ts";
import "../server/api/client_links_test.ts";
import "../server/api/closing_documents_test.ts";
import "../server/api/companies_test.ts";
import "../server/api/company_clients_test.ts";
import "../server/api/contracts_test.ts";
import "../server/api/demo_path_test.ts";
import "../server/api/document_numbers_test.ts";
import "../server/api/employees_test.ts";
import "../server/api/equipment_price_test.ts";
import "../server/api/estimate_alerts_test.ts";
import "../server/api/estimate_editor_test.ts";
import "../server/api/estimates_test.ts";
import "../server/api/field_work_test.ts";
import "../server/api/files_test.ts";
import "../server/api/foreman_projects_test.ts";
import "../server/api/foreman_test.ts";
