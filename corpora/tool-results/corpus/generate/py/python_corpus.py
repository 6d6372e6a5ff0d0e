"""Tool results produced by CPython, its standard library and the Python libraries installed here.

Prints one JSON record per line: {id, source, producer, message, truth, reason}. Every text comes from a call
that really fails (or succeeds) here; the truth and its reason are stated with the case, by the principles in
../../LABELLING.md. `--only GROUP[,GROUP]` runs some groups (the stability test uses it).

A tool returns an exception in one of a few ways, and each is a form of the case: `str` (`str(e)`), `named`
(`f"{type(e).__name__}: {e}"`), `repr` (`repr(e)`), `traceback` (the stderr of a program that let it escape),
`body` (the response body of a failed HTTP call).

The cases live in one module per kind of producer: values.py (parsing and validating arguments and data),
filesystem.py (files and processes through os, shutil, pathlib), sqlite_queries.py, stdlib_protocols.py
(socket, http.client, ssl, mail and file-transfer clients, xmlrpc), http_clients.py and api_calls.py (HTTP clients
and the commands and scripts that call APIs, with the bodies of api_bodies.py and api_call_bodies.py),
cli_tools.py and project_commands.py (commands a shell or exec tool runs), libraries.py (pydantic, jsonschema,
botocore, Flask). servers.py holds the local servers they call, scratch.py the scratch trees they work in.
"""
import argparse
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import api_calls  # noqa: E402
import argument_errors  # noqa: E402
import cli_tools  # noqa: E402
import filesystem  # noqa: E402
import http_clients  # noqa: E402
import libraries  # noqa: E402
import project_commands  # noqa: E402
import servers  # noqa: E402
import sqlite_queries  # noqa: E402
import stdlib_protocols  # noqa: E402
import values  # noqa: E402
from common import SCRATCH, Corpus  # noqa: E402


def _with_base(c, base):
    c.base = base
    return c


# The groups run in this order, which is the order of their records in python.jsonl: a group's cases may use what
# an earlier group left in the scratch tree, and a new group goes at the end so that the records before it keep
# their place. Each group after the first nine adds cases of its own; the groups before it are left as they are.
GROUPS = {
    "http-urllib": lambda c, base: http_clients.http_urllib(c, base),
    "http-requests": lambda c, base: http_clients.http_requests(c, base),
    "network": lambda c, base: stdlib_protocols.network_stdlib(c, base),
    "files": lambda c, base: filesystem.files_and_processes(c),
    "values": lambda c, base: values.values_and_types(c),
    "sqlite": lambda c, base: sqlite_queries.databases(c),
    "validation": lambda c, base: libraries.validation(c),
    "aws": lambda c, base: libraries.aws(c, base),
    "flask": lambda c, base: libraries.flask_app(c),
    "formats-patterns-and-decoding": lambda c, base: values.formats_patterns_and_decoding(c),
    "links-full-devices-and-read-only-files": lambda c, base: filesystem.links_full_devices_and_read_only_files(c),
    "timeouts-git-curl-and-passing-tests": lambda c, base: cli_tools.timeouts_git_curl_and_passing_tests(_with_base(c, base)),
    "check-and-foreign-key-constraints": lambda c, base: sqlite_queries.check_and_foreign_key_constraints(c),
    "http-client-tls-smtp-and-sockets": lambda c, base: stdlib_protocols.http_client_tls_smtp_and_sockets(_with_base(c, base)),
    "urllib-public-api-bodies": lambda c, base: http_clients.urllib_public_api_bodies(c, base),
    "requests-redirects-chunks-and-retries": lambda c, base: http_clients.requests_redirects_chunks_and_retries(c, base),
    "httpx-errors-and-public-api-bodies": lambda c, base: http_clients.httpx_errors_and_public_api_bodies(c, base),
    "pydantic-literals-lengths-urls-and-calls": lambda c, base: libraries.pydantic_literals_lengths_urls_and_calls(c),
    "jsonschema-patterns-and-nested-required": lambda c, base: libraries.jsonschema_patterns_and_nested_required(c),
    "botocore-parameters-and-partial-credentials": lambda c, base: libraries.botocore_parameters_and_partial_credentials(c, base),
    "flask-aborts-and-content-types": lambda c, base: libraries.flask_aborts_and_content_types(c),
    "config-files-and-identifiers": lambda c, base: values.config_files_and_identifiers(c),
    "signals-and-ended-processes": lambda c, base: filesystem.signals_and_ended_processes(c),
    "ftp-pop-imap-and-greylisted-mail": lambda c, base: stdlib_protocols.ftp_pop_imap_and_greylisted_mail(c),
    "xmlrpc-faults-and-protocol-errors": lambda c, base: stdlib_protocols.xmlrpc_faults_and_protocol_errors(c, base),
    "compilers-archives-json-tools-and-clones": lambda c, base: cli_tools.compilers_archives_json_tools_and_clones(_with_base(c, base)),
    "azure-slack-twilio-and-shopify-bodies": lambda c, base: http_clients.azure_slack_twilio_and_shopify_bodies(_with_base(c, base)),
    "pydantic-enums-jsonschema-lengths-and-aws-services": lambda c, base: libraries.pydantic_enums_jsonschema_lengths_and_aws_services(c, base),
    "renames-removals-and-closed-directories": lambda c, base: filesystem.renames_removals_and_closed_directories(c),
    "file-commands-pip-argparse-and-pytest": lambda c, base: cli_tools.file_commands_pip_argparse_and_pytest(c),
    "column-counts-tables-and-the-locked-shell": lambda c, base: sqlite_queries.column_counts_tables_and_the_locked_shell(c),
    "argument-ranges-and-nested-models": lambda c, base: values.argument_ranges_and_nested_models(c),
    "openai-google-github-bodies-and-connect-timeouts": lambda c, base: http_clients.openai_google_github_bodies_and_connect_timeouts(_with_base(c, base)),
    "appends-copytrees-and-missing-paths": lambda c, base: filesystem.appends_copytrees_and_missing_paths(c),
    "coreutils-make-git-patches-and-empty-replies": lambda c, base: cli_tools.coreutils_make_git_patches_and_empty_replies(c),
    "functions-datatypes-and-error-counts": lambda c, base: sqlite_queries.functions_datatypes_and_error_counts(c),
    "json-lines-datetimes-and-list-sizes": lambda c, base: values.json_lines_datetimes_and_list_sizes(c),
    "stripe-kong-jira-bodies-and-dropped-connections": lambda c, base: http_clients.stripe_kong_jira_bodies_and_dropped_connections(_with_base(c, base)),
    "makedirs-chmod-and-missing-copies": lambda c, base: filesystem.makedirs_chmod_and_missing_copies(c),
    "head-grep-diff-wget-and-rejected-pushes": lambda c, base: cli_tools.head_grep_diff_wget_and_rejected_pushes(c),
    "trailing-commas-ambiguous-columns-and-writers": lambda c, base: sqlite_queries.trailing_commas_ambiguous_columns_and_writers(c),
    "floats-csv-quotes-and-yaml": lambda c, base: values.floats_csv_quotes_and_yaml(c),
    "gemini-envoy-notion-bodies-and-post-timeouts": lambda c, base: http_clients.gemini_envoy_notion_bodies_and_post_timeouts(_with_base(c, base)),
    "missing-parents-and-root-owned-trees": lambda c, base: filesystem.missing_parents_and_root_owned_trees(c),
    "chmod-scripts-branches-and-log-tails": lambda c, base: cli_tools.chmod_scripts_branches_and_log_tails(_with_base(c, base)),
    "reserved-words-readers-and-non-databases": lambda c, base: sqlite_queries.reserved_words_readers_and_non_databases(c),
    "json-base64-shlex-and-whole-numbers": lambda c, base: values.json_base64_shlex_and_whole_numbers(c),
    "mistral-vercel-sendgrid-bodies-and-unanswered-calls": lambda c, base: http_clients.mistral_vercel_sendgrid_bodies_and_unanswered_calls(_with_base(c, base)),
    "renames-scandirs-and-empty-json": lambda c, base: filesystem.renames_scandirs_and_empty_json(c),
    "commits-merges-pushes-and-the-sqlite-shell": lambda c, base: project_commands.commits_merges_pushes_and_the_sqlite_shell(c),
    "table-name-parameters-and-closed-connections": lambda c, base: sqlite_queries.table_name_parameters_and_closed_connections(c),
    "isoformat-dictwriter-and-booleans": lambda c, base: values.isoformat_dictwriter_and_booleans(c),
    "gateway-and-saas-bodies-and-argument-types": lambda c, base: api_calls.gateway_and_saas_bodies_and_argument_types(c),
    "protected-logs-size-limits-and-working-dirs": lambda c, base: filesystem.protected_logs_size_limits_and_working_dirs(c),
    "checkouts-patterns-makefiles-and-filters": lambda c, base: project_commands.checkouts_patterns_makefiles_and_filters(c),
    "parameter-bindings-and-full-databases": lambda c, base: sqlite_queries.parameter_bindings_and_full_databases(c),
    "day-ranges-networks-and-uuids": lambda c, base: values.day_ranges_networks_and_uuids(c),
    "okta-airtable-paypal-bodies-dns-and-git-remotes": lambda c, base: api_calls.okta_airtable_paypal_bodies_dns_and_git_remotes(c),
    "local-configs-env-files-and-build-dirs": lambda c, base: filesystem.local_configs_env_files_and_build_dirs(c),
    "everyday-git-pytest-pip-and-coreutils": lambda c, base: project_commands.everyday_git_pytest_pip_and_coreutils(c),
    "customer-constraints-and-locks": lambda c, base: sqlite_queries.customer_constraints_and_locks(c),
    "config-json-timestamps-invoices-and-s3-keys": lambda c, base: values.config_json_timestamps_invoices_and_s3_keys(c),
    "everyday-github-stripe-openai-calls": lambda c, base: api_calls.everyday_github_stripe_openai_calls(c),
    "customer-csvs-credentials-and-directory-removal": lambda c, base: filesystem.customer_csvs_credentials_and_directory_removal(c),
    "everyday-pushes-tests-scripts-and-file-commands": lambda c, base: project_commands.everyday_pushes_tests_scripts_and_file_commands(c),
    "order-queries-locks-and-job-rows": lambda c, base: sqlite_queries.order_queries_locks_and_job_rows(c),
    "empty-bodies-dates-page-sizes-and-buckets": lambda c, base: values.empty_bodies_dates_page_sizes_and_buckets(c),
    "everyday-s3-sheets-twilio-calls": lambda c, base: api_calls.everyday_s3_sheets_twilio_calls(c),
    "argument-type-errors-and-tool-hosts": lambda c, base: argument_errors.argument_type_errors_and_tool_hosts(c),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default=",".join(GROUPS))
    args = parser.parse_args()
    shutil.rmtree(SCRATCH, ignore_errors=True)
    os.makedirs(SCRATCH)
    c = Corpus()
    _server, port = servers.start()
    c.port(port, 8000)
    c.closed = servers.closed_port()
    c.port(c.closed, 8001)
    silent = servers.silent_listener()
    c.silent = silent.getsockname()[1]
    c.port(c.silent, 8002)
    reset = servers.resetting_listener()
    c.reset = reset.getsockname()[1]
    c.port(c.reset, 8003)
    closing = servers.closing_listener()
    c.closing = closing.getsockname()[1]
    c.port(c.closing, 8004)
    base = f"http://127.0.0.1:{port}"
    for name in args.only.split(","):
        GROUPS[name](c, base)
    for record in c.finish():
        print(json.dumps(record))
    shutil.rmtree(SCRATCH, ignore_errors=True)


main()
