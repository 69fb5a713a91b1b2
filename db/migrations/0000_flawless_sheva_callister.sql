CREATE TABLE `activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`type` text DEFAULT 'other' NOT NULL,
	`title` text NOT NULL,
	`status` text,
	`file_name` text,
	`object_id` integer,
	`task_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "activities_type_check" CHECK(type IN ('task', 'document', 'other'))
);
--> statement-breakpoint
CREATE INDEX `activities_company_idx` ON `activities` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`price_at_add` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_items_quantity_check" CHECK(quantity >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_user_product_idx` ON `cart_items` (`user_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`inn` text,
	`kpp` text,
	`ogrn` text,
	`legal_address` text,
	`actual_address` text,
	`phone` text,
	`email` text,
	`website` text,
	`whatsapp` text,
	`telegram` text,
	`logo_url` text,
	`director_name` text,
	`bank_name` text,
	`bank_account` text,
	`bank_bik` text,
	`bank_cor_account` text,
	`subscription_tier` text DEFAULT 'start' NOT NULL,
	`company_type` text DEFAULT 'construction_surveying' NOT NULL,
	`subscription_expires_at` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "companies_tier_check" CHECK(subscription_tier IN ('test', 'start', 'standard', 'smu')),
	CONSTRAINT "companies_type_check" CHECK(company_type IN ('sbo_manufacturer', 'construction_surveying', 'construction_installation', 'construction_full', 'agent_full', 'agent_surveying', 'agent_installation', 'design_company', 'service_company'))
);
--> statement-breakpoint
CREATE INDEX `companies_name_idx` ON `companies` (`name`);--> statement-breakpoint
CREATE TABLE `contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`estimate_id` integer,
	`created_by` integer,
	`contract_number` text NOT NULL,
	`template_id` text NOT NULL,
	`contract_data` text NOT NULL,
	`contract_text` text NOT NULL,
	`prepayment_percent` integer DEFAULT 30 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contracts_object_idx` ON `contracts` (`object_id`);--> statement-breakpoint
CREATE INDEX `contracts_company_idx` ON `contracts` (`company_id`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer,
	`task_id` integer,
	`uploaded_by` integer,
	`file_name` text NOT NULL,
	`storage_key` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_type` text NOT NULL,
	`document_type` text,
	`description` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `documents_company_idx` ON `documents` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_object_idx` ON `documents` (`object_id`);--> statement-breakpoint
CREATE INDEX `documents_task_idx` ON `documents` (`task_id`);--> statement-breakpoint
CREATE TABLE `estimate_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`estimate_id` integer NOT NULL,
	`position` integer NOT NULL,
	`section` text NOT NULL,
	`article_code` text,
	`name` text NOT NULL,
	`unit` text DEFAULT 'шт' NOT NULL,
	`quantity` real NOT NULL,
	`price_per_unit` integer NOT NULL,
	`equipment_cost` integer NOT NULL,
	`work_cost` integer NOT NULL,
	`total_price` integer NOT NULL,
	`is_required` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `estimate_items_estimate_idx` ON `estimate_items` (`estimate_id`,`position`);--> statement-breakpoint
CREATE TABLE `estimates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`task_id` integer,
	`created_by` integer,
	`estimate_number` text NOT NULL,
	`template_name` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`sections` text DEFAULT '[]' NOT NULL,
	`vat_mode` text DEFAULT 'none' NOT NULL,
	`vat_amount` integer DEFAULT 0 NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL,
	`notes` text DEFAULT '[]' NOT NULL,
	`warnings` text DEFAULT '[]' NOT NULL,
	`measurement_document` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "estimates_status_check" CHECK(status IN ('draft', 'sent', 'approved', 'rejected')),
	CONSTRAINT "estimates_vat_check" CHECK(vat_mode IN ('none', '5', '7', '22'))
);
--> statement-breakpoint
CREATE INDEX `estimates_company_idx` ON `estimates` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `estimates_company_status_idx` ON `estimates` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `estimates_object_idx` ON `estimates` (`object_id`);--> statement-breakpoint
CREATE TABLE `local_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_accounts_email_idx` ON `local_accounts` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `local_accounts_user_idx` ON `local_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`ip` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_email_idx` ON `login_attempts` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `login_attempts_ip_idx` ON `login_attempts` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `measurement_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`task_id` integer NOT NULL,
	`object_id` integer,
	`surveyor_id` integer,
	`measurements` text NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`surveyor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `measurement_records_task_idx` ON `measurement_records` (`task_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`user_id` integer NOT NULL,
	`type` text DEFAULT 'other' NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`related_object_id` integer,
	`related_task_id` integer,
	`related_estimate_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`related_object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`related_task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_type_check" CHECK(type IN ('task_assigned', 'task_completed', 'task_overdue', 'object_created', 'measurement_updated', 'estimate_created', 'estimate_updated', 'other'))
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`is_read`,`created_at`);--> statement-breakpoint
CREATE TABLE `objects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`address` text NOT NULL,
	`settlement` text,
	`region` text,
	`city` text,
	`district` text(100),
	`direction` text(50),
	`coordinates` text,
	`latitude` real,
	`longitude` real,
	`distance_from_mkad` integer,
	`client_name` text,
	`client_phone` text(50),
	`client_email` text,
	`work_type` text DEFAULT 'construction' NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`description` text,
	`estimated_cost` integer,
	`actual_cost` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "objects_status_check" CHECK(status IN ('new', 'in_progress', 'measurement_done', 'estimation_done', 'approved', 'work_in_progress', 'completed', 'cancelled')),
	CONSTRAINT "objects_work_type_check" CHECK(work_type IN ('well_drilling', 'well_equipment', 'water_supply', 'drainage', 'sewage_system', 'autonomous_sewage', 'septic', 'plastic_cellar', 'construction', 'installation', 'other', 'drilling', 'water_treatment'))
);
--> statement-breakpoint
CREATE INDEX `objects_company_created_idx` ON `objects` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `objects_company_status_idx` ON `objects` (`company_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `objects_company_work_type_idx` ON `objects` (`company_id`,`work_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `objects_company_district_idx` ON `objects` (`company_id`,`district`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`product_id` integer,
	`quantity` integer NOT NULL,
	`price_per_unit` integer NOT NULL,
	`total_price` integer NOT NULL,
	`product_name` text NOT NULL,
	`product_sku` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text(50) NOT NULL,
	`user_id` integer,
	`company_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`total_amount` integer NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`final_amount` integer NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`customer_phone` text NOT NULL,
	`delivery_address` text NOT NULL,
	`delivery_city` text NOT NULL,
	`delivery_region` text,
	`delivery_postal_code` text(20),
	`delivery_notes` text,
	`need_installation` integer DEFAULT false NOT NULL,
	`installation_address` text,
	`installation_notes` text,
	`notes` text,
	`manager_notes` text,
	`estimated_delivery_date` integer,
	`actual_delivery_date` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "orders_status_check" CHECK(status IN ('pending', 'confirmed', 'in_production', 'ready_for_delivery', 'shipped', 'delivered', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_idx` ON `orders` (`order_number`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_company_idx` ON `orders` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`contract_id` integer,
	`amount` integer NOT NULL,
	`description` text NOT NULL,
	`payment_link` text NOT NULL,
	`qr_payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payments_object_idx` ON `payments` (`object_id`);--> statement-breakpoint
CREATE INDEX `payments_company_idx` ON `payments` (`company_id`);--> statement-breakpoint
CREATE TABLE `price_list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`price_list_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`code` text(50) NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`unit` text(20) NOT NULL,
	`section` text(100),
	`materials_price` integer DEFAULT 0 NOT NULL,
	`works_price` integer DEFAULT 0 NOT NULL,
	`manufacturer` text(100),
	FOREIGN KEY (`price_list_id`) REFERENCES `price_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_list_items_list_idx` ON `price_list_items` (`price_list_id`,`code`);--> statement-breakpoint
CREATE TABLE `price_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text(255) NOT NULL,
	`category` text(100),
	`region` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_lists_company_idx` ON `price_lists` (`company_id`,`is_active`);--> statement-breakpoint
CREATE TABLE `product_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`slug` text(255) NOT NULL,
	`image_url` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_categories_slug_idx` ON `product_categories` (`slug`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`category_id` integer,
	`name` text NOT NULL,
	`description` text,
	`short_description` text,
	`sku` text(100) NOT NULL,
	`price` integer NOT NULL,
	`old_price` integer,
	`category` text DEFAULT 'bio_long' NOT NULL,
	`specifications` text,
	`images` text DEFAULT '[]' NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`capacity` integer,
	`dimensions` text,
	`catalogue_model_id` text,
	`is_active` integer DEFAULT true NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`stock_quantity` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `product_categories`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "products_category_check" CHECK(category IN ('bio_long', 'accessories', 'installation', 'maintenance'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku_idx` ON `products` (`sku`);--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category_id`,`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `shop_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`store_name` text NOT NULL,
	`store_description` text,
	`logo_url` text,
	`primary_color` text(7) DEFAULT '#dc2626' NOT NULL,
	`secondary_color` text(7) DEFAULT '#2563eb' NOT NULL,
	`accent_color` text(7) DEFAULT '#16a34a' NOT NULL,
	`contact_email` text,
	`contact_phone` text,
	`support_phone` text,
	`currency` text(3) DEFAULT 'RUB' NOT NULL,
	`tax_rate` real DEFAULT 0 NOT NULL,
	`free_shipping_threshold` integer,
	`enable_guest_checkout` integer DEFAULT true NOT NULL,
	`enable_installation_service` integer DEFAULT true NOT NULL,
	`enable_calculator` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shop_settings_company_idx` ON `shop_settings` (`company_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer,
	`assigned_to` integer,
	`assigned_by` integer,
	`title` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'assigned' NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`due_date` integer,
	`completed_at` integer,
	`overdue_notified_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_to`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "tasks_status_check" CHECK(status IN ('assigned', 'pending', 'in_progress', 'completed', 'cancelled', 'overdue')),
	CONSTRAINT "tasks_priority_check" CHECK(priority IN ('low', 'medium', 'high', 'urgent'))
);
--> statement-breakpoint
CREATE INDEX `tasks_company_created_idx` ON `tasks` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `tasks_company_status_idx` ON `tasks` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `tasks_assignee_idx` ON `tasks` (`assigned_to`,`status`);--> statement-breakpoint
CREATE INDEX `tasks_object_idx` ON `tasks` (`object_id`);--> statement-breakpoint
CREATE INDEX `tasks_due_idx` ON `tasks` (`due_date`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`company_id` integer,
	`role` text DEFAULT 'user' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "users_role_check" CHECK(role IN ('system_admin', 'company_admin', 'chief_engineer', 'measurement_engineer', 'foreman', 'manager', 'user'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`role`);--> statement-breakpoint
CREATE TABLE `videos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`uploaded_by` integer,
	`file_name` text NOT NULL,
	`storage_key` text NOT NULL,
	`file_size` integer NOT NULL,
	`mime_type` text NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `videos_object_idx` ON `videos` (`object_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `videos_company_idx` ON `videos` (`company_id`);