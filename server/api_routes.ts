// The API's routers chained into one Hono value, so its type carries every route: the islands' typed client
// (components/api.ts, through the type-only server/api_type.ts) and the API tests' (server/testing.ts) read it.
import { Hono } from "hono";
import { ApiError } from "./errors.ts";
import type { AppEnv } from "./types.ts";
import { activityApi } from "./api/activity.ts";
import { actsApi, clientActsApi } from "./api/acts.ts";
import { addressApi } from "./api/address.ts";
import { adminApi } from "./api/admin.ts";
import { analyticsApi, statsApi } from "./api/stats.ts";
import { authApi } from "./api/auth.ts";
import { calendarFeedApi, crewsApi, scheduleApi } from "./api/schedule.ts";
import { clientAgreementApi, jobChangesApi } from "./api/job_changes.ts";
import { clientClosingDocumentsApi, closingDocumentsApi } from "./api/closing_documents.ts";
import { clientInvoicesApi, invoicesApi } from "./api/invoices.ts";
import { clientLinksApi, contractsApi, customerApi, paymentApi } from "./api/contracts.ts";
import { clientMessagesApi } from "./api/client_messages.ts";
import { companiesApi } from "./api/companies.ts";
import { documentsApi } from "./api/documents.ts";
import { employeesApi } from "./api/employees.ts";
import { estimatesApi } from "./api/estimates.ts";
import { fieldWorkApi } from "./api/field_work.ts";
import { foremanApi } from "./api/foreman.ts";
import { measurementsApi } from "./api/measurements.ts";
import { notificationsApi } from "./api/notifications.ts";
import { objectsApi } from "./api/objects.ts";
import { offlineApi } from "./api/offline.ts";
import { ordersApi } from "./api/orders.ts";
import { profileApi, settingsApi } from "./api/settings.ts";
import { serviceApi, serviceLinkApi } from "./api/service.ts";
import { serviceVisitsApi } from "./api/service_visits.ts";
import { shopApi } from "./api/shop.ts";
import { tasksApi } from "./api/tasks.ts";
import { unsubscribeApi } from "./api/unsubscribe.ts";
import { usersApi } from "./api/users.ts";
import { videosApi } from "./api/videos.ts";

/** Every router of `/api`, mounted by server/app.ts; an address no router answers is a 404 in JSON. */
export const apiRoutes = new Hono<AppEnv>()
  .route("/", authApi)
  .route("/notifications", notificationsApi)
  .route("/companies", companiesApi)
  .route("/users", usersApi)
  .route("/admin", adminApi)
  .route("/profile", profileApi)
  .route("/settings", settingsApi)
  .route("/tasks", tasksApi)
  .route("/crews", crewsApi)
  .route("/schedule", scheduleApi)
  .route("/calendar-feed", calendarFeedApi)
  .route("/stats", statsApi)
  .route("/analytics", analyticsApi)
  .route("/activity", activityApi)
  .route("/activities", activityApi)
  .route("/foreman", foremanApi)
  .route("/objects", objectsApi)
  .route("/address", addressApi)
  .route("/documents", documentsApi)
  .route("/videos", videosApi)
  .route("/employees", employeesApi)
  .route("/measurements", measurementsApi)
  .route("/estimates", estimatesApi)
  .route("/field-work", fieldWorkApi)
  .route("/contracts", contractsApi)
  .route("/invoices", invoicesApi)
  .route("/closing-documents", closingDocumentsApi)
  .route("/payment", paymentApi)
  .route("/client-links", clientLinksApi)
  .route("/client-links", serviceLinkApi)
  .route("/service", serviceApi)
  .route("/client-links", clientActsApi)
  .route("/client-links", clientAgreementApi)
  .route("/job-changes", jobChangesApi)
  .route("/client-links", clientInvoicesApi)
  .route("/client-links", clientClosingDocumentsApi)
  .route("/acts", actsApi)
  .route("/client-messages", clientMessagesApi)
  .route("/unsubscribe", unsubscribeApi)
  .route("/my", customerApi)
  .route("/shop", shopApi)
  .route("/orders", ordersApi)
  .route("/offline", offlineApi)
  .route("/service", serviceVisitsApi)
  .all("*", () => {
    throw new ApiError(404, "Нет такого адреса API");
  });
