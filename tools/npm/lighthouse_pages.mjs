// Lighthouse's audit of several pages in one Node process and one Chromium
// (tests/lighthouse.py): loading Lighthouse and starting Chromium once, not once a page. Each
// page is audited in a browser context of its own (no cookie, cache or service worker of
// the page before), as in a Chromium of its own. chrome-launcher and puppeteer-core are
// Lighthouse's own dependencies, pinned by the same lock.
// Reads {chromeFlags, pages: [{url, headers, output, categories, audits}]} as JSON on stdin;
// writes each page's report to its `output`; prints one JSON line per page, its error or
// null. A page whose run fails (a tool's error, not a low score) is audited once more: on a
// loaded machine Chromium can miss Lighthouse's load timeout once.
import { readFileSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const asked = JSON.parse(readFileSync(0, "utf8"));
const chrome = await chromeLauncher.launch({ chromeFlags: asked.chromeFlags });
const browser = await puppeteer.connect({
  browserURL: `http://127.0.0.1:${chrome.port}`,
  defaultViewport: null,
});

async function audit(page) {
  const flags = {
    output: "json",
    logLevel: "silent",
    onlyCategories: page.categories,
    ...(page.audits.length ? { onlyAudits: page.audits } : {}),
    extraHeaders: page.headers,
    // Nothing leaves the machine: no error reports; and no full-page screenshot in the
    // report, nor the back/forward-cache probe, which only slow the run down.
    enableErrorReporting: false,
    disableFullPageScreenshot: true,
    skipAudits: ["bf-cache"],
  };
  const context = await browser.createBrowserContext();
  try {
    const result = await lighthouse(page.url, flags, undefined, await context.newPage());
    writeFileSync(page.output, result.report);
    return result.lhr.runtimeError ? JSON.stringify(result.lhr.runtimeError) : null;
  } finally {
    await context.close();
  }
}

try {
  for (const page of asked.pages) {
    let error = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        error = await audit(page);
      } catch (thrown) {
        error = String(thrown && thrown.stack ? thrown.stack : thrown);
      }
      if (error === null) break;
    }
    process.stdout.write(JSON.stringify(error) + "\n");
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
}
