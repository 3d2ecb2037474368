-- A recurring task needs at least one repetition now. A first occurrence stored with a recurrence
-- but no repetition left (allowed before) never made another one: it is a task without recurrence,
-- stored as such so that it can be edited without inventing a repetition.
UPDATE "tasks" SET "recurrence" = 0 WHERE "recurrence" <> 0 AND "repetitions" = 0 AND "occurrence" = 1;
