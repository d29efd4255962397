-- Which kind of rebuild a row is (issue 23), fixed when it is requested:
--   sem_esperar: started by `projecoes reconstruir --sem-esperar`, whose command returns at once
--                and never follows it. A later `reconstruir` of that projection is refused
--                (exit 1, naming it) while it runs. False: started by a command that follows it
--                until the swap; if that command died (killed, Ctrl-C) a later `reconstruir`
--                follows the rebuild instead of starting another.
ALTER TABLE projection_rebuilds ADD COLUMN sem_esperar boolean NOT NULL DEFAULT false;
