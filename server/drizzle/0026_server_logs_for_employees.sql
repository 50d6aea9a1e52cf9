-- Server Logs are the provider's own page (docs/PERMISSIONS.md): no default template but the
-- Administrator (id 1) grants SERVER_LOGS. The Hospital Administrator (id 2) held it by default;
-- ids 3 and 4 are cleared too, in case an employee had added it to them.
DELETE FROM "permission_template_permissions"
WHERE "template_id" IN (SELECT "id" FROM "permission_templates" WHERE "organization_id" IS NULL AND "id" IN (2, 3, 4))
  AND "permission_id" IN (SELECT "id" FROM "permissions" WHERE "subject" = 'SERVER_LOGS');
