// The calls each agent is made to run, one session per case, with the true kind of what the call runs into
// (../LABELLING.md). The last step is the call whose result is recorded; earlier steps satisfy the agent's own
// preconditions (OpenCode and Kilo Code refuse to edit a file they have not read in the session).
// `env.web` is a local HTTP server (`/status/NNN`), `env.closed` a port nobody listens on, `env.root` the
// directory holding one workspace per case (`<root>/<case id>`), each with notes.txt ("alpha\nbeta\nbeta\n")
// and app.py (a script that raises TypeError).

const ws = (env, id, file) => `${env.root}/${id}/${file}`;
const refusedScript = (env) => `python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:${env.closed}/health', timeout=5)"`;

/** Shell cases shared by every agent; `shell(command)` builds the agent's own shell call. */
function shellCases(env, shell) {
  return [
    { id: 'shell-exit', steps: [shell('ls /rb-nowhere')], truth: 'ambiguous', reason: 'a command failed on a missing path' },
    { id: 'shell-false', steps: [shell('false')], truth: 'ambiguous', reason: 'a bare non-zero exit' },
    { id: 'shell-not-found', steps: [shell('rb-no-such-program --version')], truth: 'ambiguous', reason: 'command not found' },
    { id: 'shell-refused', steps: [shell(refusedScript(env))], truth: 'transient', reason: 'the program failed on a refused connection' },
    { id: 'shell-permission', steps: [shell('cat /etc/shadow')], truth: 'unrecoverable', reason: 'permission denied' },
    { id: 'shell-script-error', steps: [shell('python3 app.py')], truth: 'ambiguous', reason: 'a programming error in the script the command ran' },
    { id: 'shell-ok-error-words', steps: [shell("echo 'checked 12 files: 0 errors, 0 timeouts'")], truth: 'none', reason: 'the command succeeded; its output names error words' },
    { id: 'shell-ok', steps: [shell('ls')], truth: 'none', reason: 'a successful listing' },
  ];
}

export const AGENT_CASES = {
  'qwen-code': (env) => {
    const shell = (command, extra = {}) => ({ name: 'run_shell_command', arguments: { command, ...extra } });
    const read = (id, file) => ({ name: 'read_file', arguments: { file_path: ws(env, id, file) } });
    const edit = (id, file, oldString, newString) => ({ name: 'edit', arguments: { file_path: ws(env, id, file), old_string: oldString, new_string: newString } });
    return [
      { id: 'read-missing', steps: [read('read-missing', 'missing.txt')], truth: 'ambiguous', reason: 'missing file' },
      { id: 'read-relative', steps: [{ name: 'read_file', arguments: { file_path: 'notes.txt' } }], truth: 'fixable', reason: 'a relative path where an absolute one is required' },
      { id: 'read-no-path', steps: [{ name: 'read_file', arguments: { path: ws(env, 'read-no-path', 'notes.txt') } }], truth: 'fixable', reason: 'the required parameter file_path is missing' },
      { id: 'read-directory', steps: [{ name: 'read_file', arguments: { file_path: `${env.root}/read-directory` } }], truth: 'ambiguous', reason: 'the path is a directory' },
      { id: 'read-permission', steps: [{ name: 'read_file', arguments: { file_path: '/etc/shadow' } }], truth: 'unrecoverable', reason: 'permission denied' },
      { id: 'read-ok', steps: [read('read-ok', 'notes.txt')], truth: 'none', reason: 'the file was read' },
      { id: 'edit-not-found', steps: [read('edit-not-found', 'notes.txt'), edit('edit-not-found', 'notes.txt', 'gamma', 'delta')], truth: 'fixable', reason: 'old_string not found' },
      { id: 'edit-not-unique', steps: [read('edit-not-unique', 'notes.txt'), edit('edit-not-unique', 'notes.txt', 'beta', 'delta')], truth: 'fixable', reason: 'old_string occurs twice' },
      { id: 'edit-identical', steps: [read('edit-identical', 'notes.txt'), edit('edit-identical', 'notes.txt', 'alpha', 'alpha')], truth: 'fixable', reason: 'old_string equals new_string' },
      { id: 'edit-missing-file', steps: [edit('edit-missing-file', 'missing.txt', 'alpha', 'delta')], truth: 'ambiguous', reason: 'the file to edit does not exist' },
      { id: 'edit-permission', steps: [{ name: 'read_file', arguments: { file_path: '/etc/hosts' } }, { name: 'edit', arguments: { file_path: '/etc/hosts', old_string: 'localhost', new_string: 'localhost.localdomain' } }], truth: 'unrecoverable', reason: 'permission denied writing a system file' },
      { id: 'edit-ok', steps: [read('edit-ok', 'notes.txt'), edit('edit-ok', 'notes.txt', 'alpha', 'gamma')], truth: 'none', reason: 'the edit was applied' },
      { id: 'write-permission', steps: [{ name: 'write_file', arguments: { file_path: '/etc/rb-corpus.conf', content: 'x=1\n' } }], truth: 'unrecoverable', reason: 'permission denied writing /etc' },
      { id: 'write-no-content', steps: [{ name: 'write_file', arguments: { file_path: ws(env, 'write-no-content', 'out.txt') } }], truth: 'fixable', reason: 'the required parameter content is missing' },
      { id: 'write-ok', steps: [{ name: 'write_file', arguments: { file_path: ws(env, 'write-ok', 'out.txt'), content: 'Error handling: retry on 503, stop on 403.\n' } }], truth: 'none', reason: 'the file was written' },
      { id: 'unknown-tool', steps: [{ name: 'list_directory', arguments: { path: `${env.root}/unknown-tool` } }], truth: 'fixable', reason: 'an unknown tool name' },
      { id: 'glob-none', steps: [{ name: 'glob', arguments: { pattern: '**/*.rs', path: `${env.root}/glob-none` } }], truth: 'none', reason: 'a search that found nothing' },
      { id: 'shell-timeout', steps: [shell('sleep 5', { timeout: 1000 })], truth: 'fixable', reason: 'Qwen Code blocks a bare sleep and names the argument to change (is_background: true)' },
      { id: 'shell-timeout-python', steps: [shell('python3 -c "import time; time.sleep(5)"', { timeout: 1000 })], truth: 'ambiguous', reason: "the command's own timeout" },
      ...shellCases(env, shell),
    ];
  },

  opencode: (env) => openCodeFamily(env, 'bash'),
  'kilo-code': (env) => openCodeFamily(env, 'bash'),
};

/** OpenCode and its fork Kilo Code share tool names and parameters. */
function openCodeFamily(env, bash) {
  const shell = (command, extra = {}) => ({ name: bash, arguments: { command, description: 'run a command', ...extra } });
  const read = (id, file) => ({ name: 'read', arguments: { filePath: ws(env, id, file) } });
  const edit = (id, file, oldString, newString) => ({ name: 'edit', arguments: { filePath: ws(env, id, file), oldString, newString } });
  const fetchUrl = (url) => ({ name: 'webfetch', arguments: { url, format: 'text' } });
  return [
    { id: 'read-missing', steps: [read('read-missing', 'missing.txt')], truth: 'ambiguous', reason: 'missing file' },
    { id: 'read-relative', steps: [{ name: 'read', arguments: { filePath: 'notes.txt' } }], truth: 'none', reason: 'the relative path is resolved against the workspace and the file is read' },
    { id: 'read-no-path', steps: [{ name: 'read', arguments: { path: ws(env, 'read-no-path', 'notes.txt') } }], truth: 'fixable', reason: 'the required parameter filePath is missing' },
    { id: 'read-permission', steps: [{ name: 'read', arguments: { filePath: '/etc/shadow' } }], truth: 'unrecoverable', reason: 'permission denied' },
    { id: 'read-ok', steps: [read('read-ok', 'notes.txt')], truth: 'none', reason: 'the file was read' },
    { id: 'edit-not-found', steps: [read('edit-not-found', 'notes.txt'), edit('edit-not-found', 'notes.txt', 'gamma', 'delta')], truth: 'fixable', reason: 'oldString not found' },
    { id: 'edit-not-unique', steps: [read('edit-not-unique', 'notes.txt'), edit('edit-not-unique', 'notes.txt', 'beta', 'delta')], truth: 'fixable', reason: 'oldString occurs twice' },
    { id: 'edit-identical', steps: [read('edit-identical', 'notes.txt'), edit('edit-identical', 'notes.txt', 'alpha', 'alpha')], truth: 'fixable', reason: 'oldString equals newString' },
    { id: 'edit-unread', steps: [edit('edit-unread', 'notes.txt', 'alpha', 'gamma')], truth: 'none', reason: 'the edit was applied without a prior read' },
    { id: 'edit-permission', steps: [{ name: 'read', arguments: { filePath: '/etc/hosts' } }, { name: 'edit', arguments: { filePath: '/etc/hosts', oldString: 'localhost', newString: 'localhost.localdomain' } }], truth: 'unrecoverable', reason: 'permission denied writing a system file' },
    { id: 'edit-ok', steps: [read('edit-ok', 'notes.txt'), edit('edit-ok', 'notes.txt', 'alpha', 'gamma')], truth: 'none', reason: 'the edit was applied' },
    { id: 'write-permission', steps: [{ name: 'write', arguments: { filePath: '/etc/rb-corpus.conf', content: 'x=1\n' } }], truth: 'unrecoverable', reason: 'permission denied writing /etc' },
    { id: 'write-ok', steps: [{ name: 'write', arguments: { filePath: ws(env, 'write-ok', 'out.txt'), content: 'Error handling: retry on 503, stop on 403.\n' } }], truth: 'none', reason: 'the file was written' },
    { id: 'read-denied-by-config', permission: { external_directory: 'deny' }, steps: [{ name: 'read', arguments: { filePath: '/etc/hostname' } }], truth: 'unrecoverable', reason: 'the agent configuration denies the call' },
    { id: 'unknown-tool', steps: [{ name: 'list_directory', arguments: { path: `${env.root}/unknown-tool` } }], truth: 'fixable', reason: 'an unknown tool name' },
    { id: 'skill-unknown', steps: [{ name: 'skill', arguments: { name: 'deploy' } }], truth: 'fixable', reason: 'an unknown skill name; the text lists the available ones' },
    { id: 'fetch-refused', steps: [fetchUrl(`http://127.0.0.1:${env.closed}/notes`)], truth: 'transient', reason: 'connection refused' },
    { id: 'fetch-404', steps: [fetchUrl(`${env.web}/status/404`)], truth: 'ambiguous', reason: '404' },
    { id: 'fetch-503', steps: [fetchUrl(`${env.web}/status/503`)], truth: 'transient', reason: '503' },
    { id: 'fetch-403', steps: [fetchUrl(`${env.web}/status/403`)], truth: 'unrecoverable', reason: '403' },
    { id: 'fetch-bad-scheme', steps: [fetchUrl('ftp://127.0.0.1/notes')], truth: 'fixable', reason: 'the URL must start with http:// or https://' },
    { id: 'fetch-ok', steps: [fetchUrl(`${env.web}/release-notes`)], truth: 'none', reason: 'the page was fetched' },
    { id: 'shell-timeout', steps: [shell('sleep 5', { timeout: 1000 })], truth: 'ambiguous', reason: "the command's own timeout" },
    ...shellCases(env, shell),
  ];
}
