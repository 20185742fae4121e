# Sourced by bin/serve and bin/test: set up this checkout on a fresh Debian machine.
# Safe to rerun; a second run only checks and moves on.

_apt_updated=""

# Run a command as root, through sudo unless we are root already.
as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

# Install Debian packages, updating the package lists once per run.
apt_install() {
    if [[ -z $_apt_updated ]]; then
        as_root apt-get update
        _apt_updated=1
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}

# Install Debian's nginx, the front (bauerblock/front.py), if it is missing. Debian's package
# starts no nginx of its own where services are not started (containers); elsewhere it serves
# its default page on port 80 until `systemctl disable --now nginx`.
ensure_nginx() {
    if ! command -v nginx >/dev/null && [[ ! -x /usr/sbin/nginx ]]; then
        apt_install nginx
    fi
}

# Install wrk, the load generator bin/bench measures with (tests/test_bench.py runs its short mode).
ensure_wrk() {
    if ! command -v wrk >/dev/null; then
        apt_install wrk
    fi
}

# Make .venv and install the project into it, with the extra named in $1 (or none), then
# put .venv/bin first on PATH. The install is skipped while pyproject.toml is unchanged.
ensure_venv() {
    local extra=${1:-}
    # A first run stopped while making .venv leaves one without pip: make it again.
    if [[ ! -x .venv/bin/python ]] || ! .venv/bin/python -c 'import pip' 2>/dev/null; then
        rm -rf .venv
        # Debian splits venv's pip bootstrap (ensurepip) into python3-venv.
        if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
            apt_install python3-venv
        fi
        python3 -m venv .venv
    fi
    local digest stamp target
    digest=$(sha256sum pyproject.toml | cut -d' ' -f1)
    stamp=.venv/.bauerblock-installed${extra:+-$extra}
    target=.${extra:+[$extra]}
    if [[ ! -f $stamp || $(<"$stamp") != "$digest" ]]; then
        echo "Installing $target into .venv ..."
        .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target"
        echo "$digest" >"$stamp"
        # Any extra includes the plain install, so bin/serve need not redo it.
        echo "$digest" >.venv/.bauerblock-installed
    fi
    export VIRTUAL_ENV="$PWD/.venv"
    export PATH="$VIRTUAL_ENV/bin:$PATH"
}

# Install Debian's Chromium (driven through Playwright, never `playwright install`) and Node,
# if missing; then start installing the npm tools pinned in tools/npm (Lighthouse, esbuild,
# the OpenAPI linters) in the background, if they are not current: `wait_browser_tools` waits
# for them (the caller sets .venv up meanwhile, the other half of a fresh checkout's setup).
ensure_browser_tools() {
    if [[ ! -x /usr/bin/chromium ]]; then
        apt_install chromium
    fi
    if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
        apt_install nodejs npm
    fi
    # openapi-generator's jar (the PyPI package openapi-generator-cli) runs on Debian's Java.
    if ! command -v java >/dev/null; then
        apt_install default-jre-headless
    fi
    local lock installed
    lock=tools/npm/package-lock.json
    installed=tools/npm/node_modules/.package-lock.json
    if [[ ! -f $installed || $lock -nt $installed ]]; then
        npm ci --prefix tools/npm --no-audit --no-fund &
        _npm_pid=$!
    fi
}

_npm_pid=""

# Wait for ensure_browser_tools' npm install, if one runs; fail as it failed.
wait_browser_tools() {
    if [[ -n $_npm_pid ]]; then
        wait "$_npm_pid"
        _npm_pid=""
    fi
}
