export const HELP = `Brandspace admin: manage API keys and members of a brandspace, and the dashboard's password.

Usage: npm run admin -- <command> [options]

Commands:
  keys create --user <email> --scopes <list|all> --name <name> [--legacy]
                          Create an API key acting as the member <email>. Prints only the key on stdout.
                          --scopes takes a comma list such as files:read,boards:write, or all.
                          --legacy mints a key without a region segment (bsk_<secret>, meaning us).
  keys list               List the keys (never the secret): id, name, prefix, user, scopes, dates.
  keys revoke <id>        Revoke a key at once: the next request with it answers 401.
  members add --email <email> [--name <name>] --role <slug>
                          Add a member (the user is created on first sight).
  members remove --email <email>
  members set-role --email <email> --role <slug>
  access grant --email <email> (--library <id> | --board <id>) --level <view|comment|edit|manage>
                          Give a member access to a library or board, or another level of it. Roles without
                          libraries.manage_all (boards.manage_all) see only what they are granted.
  access revoke --email <email> (--library <id> | --board <id>)
  access list [--email <email>]
                          List the grants: type, id, name, member, access.
  seed --files <n> [--flat]
                          Generate a realistic library of <n> ready files for benchmarks (--flat: all in one
                          folder). Reports progress on stderr every second; a running service keeps serving
                          meanwhile. Prints {library_id, folder_ids, files} as JSON on stdout.
  backup --to <file|directory>
                          Write the embedded data directory (database, blobs, key files) to one tar file; while
                          the service runs it is taken by the service, consistently. A directory gets a stamped
                          brandspace-backup-<time>.tar. Prints the file's path on stdout.
  restore --from <file> [--replace]
                          With the service stopped: check the backup (manifest, every blob's hash, the database)
                          and put it in place in the data directory. --replace moves the current contents to a
                          sibling <data dir>.replaced-<time> instead of refusing a directory that has a database.
  dashboard set-password [--password <password>]
                          Set the password of the dashboard's login (at least 8 characters). Asked twice
                          without echo at a terminal; a piped standard input gives it on its first line.
  help                    Show this help.

Every command takes --brandspace <id>; it defaults to the only brandspace.
Roles: owner, admin, editor, commenter, viewer (and any role the brandspace defines).

While the service runs, commands go to it through <data dir>/admin.sock; otherwise they open the
database directly (BRANDSPACE_DATA_DIR, or DATABASE_URL for PostgreSQL).
Exit codes: 0 success, 1 failure, 2 usage error.
`;
