package ddblocal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// ErrJavaNotFound is returned by [Start] when no java command is found on
// PATH (nor in $JAVA_HOME/bin).
var ErrJavaNotFound = errors.New("ddblocal: java not found on PATH: install a Java 17 runtime (Debian: openjdk-17-jre-headless)")

// readyTimeout bounds how long [Start] waits for a launched server to answer.
// DynamoDB Local is normally ready in about 1.5 s, but on a small machine
// busy compiling and running several test binaries it has been seen to take
// 25 s; a JVM that fails exits at once and is reported without waiting.
const readyTimeout = 2 * time.Minute

// Options configures [Start].
type Options struct {
	// CacheDir is the directory that holds (or will hold) the extracted
	// DynamoDB Local: DynamoDBLocal.jar and DynamoDBLocal_lib. Empty means
	// [DefaultCacheDir].
	CacheDir string
	// Port is the TCP port the server listens on. 0 picks a free port.
	Port int
	// Log receives the output (stdout and stderr) of the Java process.
	// nil discards it.
	Log io.Writer
	// Progress receives what the first download on a machine does (see
	// [Install]); nil means os.Stderr, io.Discard silences it.
	Progress io.Writer
}

// Server is a running DynamoDB Local process started by [Start].
// Stop it with [Server.Stop].
type Server struct {
	// Endpoint is the base URL clients use, "http://127.0.0.1:PORT".
	Endpoint string
	// Port is the TCP port the server listens on, on all interfaces:
	// DynamoDB Local has no option to bind 127.0.0.1 only (see the
	// package documentation, Network).
	Port int

	cmd      *exec.Cmd
	output   *tailBuffer
	done     chan struct{} // closed when the process has exited
	waitErr  error         // the result of cmd.Wait, set before done is closed
	stopOnce sync.Once
	stopErr  error
}

// ExitError reports that the Java process of DynamoDB Local exited before the
// server answered requests, for example because the port was taken or the
// Java runtime is too old. Output holds the tail of the process's output.
type ExitError struct {
	// Err is the error returned by waiting for the process; nil when it
	// exited with status 0.
	Err error
	// Output is the last few kilobytes the process wrote to stdout and stderr.
	Output string
}

// Error implements error.
func (e *ExitError) Error() string {
	status := "exit status 0"
	if e.Err != nil {
		status = e.Err.Error()
	}
	msg := "ddblocal: DynamoDB Local exited before it was ready (" + status + ")"
	if e.Output != "" {
		msg += "; its output ends with:\n" + e.Output
	}
	return msg
}

// Unwrap returns the process error.
func (e *ExitError) Unwrap() error { return e.Err }

// Start launches DynamoDB Local in memory (java -jar DynamoDBLocal.jar
// -inMemory -disableTelemetry -sharedDb -port PORT) and waits until it
// answers requests. It installs DynamoDB Local into opts.CacheDir first when
// needed (see [Install]). ctx bounds the installation and the wait, not the
// life of the server: the server runs until [Server.Stop] is called. On Linux
// the server is also killed when the calling process dies.
func Start(ctx context.Context, opts Options) (*Server, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("ddblocal: start: %w", err)
	}
	java, err := findJava()
	if err != nil {
		return nil, err
	}
	dir, err := serverDir(ctx, opts)
	if err != nil {
		return nil, err
	}
	if opts.Port != 0 {
		if err := checkPortFree(opts.Port); err != nil {
			return nil, err
		}
		return launch(ctx, java, dir, opts.Port, opts.Log)
	}
	// A free port found by listening and closing may be taken by someone
	// else before the JVM binds it; try a few times.
	const attempts = 3
	for i := 1; ; i++ {
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		srv, err := launch(ctx, java, dir, port, opts.Log)
		var exitErr *ExitError
		if err != nil && i < attempts && errors.As(err, &exitErr) && strings.Contains(exitErr.Output, "Address already in use") {
			continue
		}
		return srv, err
	}
}

// Stop kills the server process and waits for it to exit. It returns an
// error only when the process had already exited on its own (it crashed).
// Calling Stop again returns the same result.
func (s *Server) Stop() error {
	s.stopOnce.Do(func() {
		select {
		case <-s.done:
			s.stopErr = fmt.Errorf("ddblocal: DynamoDB Local on port %d had already exited: %w", s.Port, &ExitError{Err: s.waitErr, Output: s.output.String()})
			return
		default:
		}
		if err := s.cmd.Process.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
			s.stopErr = fmt.Errorf("ddblocal: stop DynamoDB Local: %w", err)
		}
		<-s.done
	})
	return s.stopErr
}

// NewClient returns a DynamoDB client for a DynamoDB Local endpoint such as
// [Server].Endpoint: static credentials, region us-east-1, response checksum
// validation disabled (DynamoDB Local's error responses lack the CRC32
// header), and the SDK's default retries. optFns adjust the options further.
func NewClient(endpoint string, optFns ...func(*dynamodb.Options)) *dynamodb.Client {
	opts := dynamodb.Options{
		Region:                          "us-east-1",
		BaseEndpoint:                    aws.String(endpoint),
		Credentials:                     credentials.NewStaticCredentialsProvider("ddblocal", "ddblocal", ""),
		DisableValidateResponseChecksum: true,
	}
	return dynamodb.New(opts, optFns...)
}

// serverDir returns the folder holding DynamoDBLocal.jar and
// DynamoDBLocal_lib: $OfflineEnv when it names such a folder, else the cache,
// installed first when needed.
func serverDir(ctx context.Context, opts Options) (string, error) {
	if local := os.Getenv(OfflineEnv); local != "" && !strings.HasSuffix(local, ".tgz") {
		if _, err := os.Stat(filepath.Join(local, jarName)); err != nil {
			return "", fmt.Errorf("ddblocal: $%s=%s should name a folder holding %s and %s, or the npm tarball (.tgz): %w", OfflineEnv, local, jarName, libDirName, err)
		}
		return filepath.Abs(local)
	}
	dir := opts.CacheDir
	if dir == "" {
		var err error
		if dir, err = DefaultCacheDir(); err != nil {
			return "", err
		}
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("ddblocal: cache directory: %w", err)
	}
	if err := Install(ctx, dir, opts.Progress); err != nil {
		return "", err
	}
	return dir, nil
}

// findJava locates the java command on PATH, else in $JAVA_HOME/bin.
func findJava() (string, error) {
	if java, err := exec.LookPath("java"); err == nil {
		return java, nil
	}
	if home := os.Getenv("JAVA_HOME"); home != "" {
		if java, err := exec.LookPath(filepath.Join(home, "bin", "java")); err == nil {
			return java, nil
		}
	}
	return "", ErrJavaNotFound
}

// freePort returns a TCP port that was free on 127.0.0.1 a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("ddblocal: find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// checkPortFree fails when something already listens on port. Without the
// check, a server already running there would answer the readiness probe.
func checkPortFree(port int) error {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return fmt.Errorf("ddblocal: port %d is not free: %w", port, err)
	}
	return l.Close()
}

// launch starts the JVM on port and waits until the server answers.
func launch(ctx context.Context, java, dir string, port int, log io.Writer) (*Server, error) {
	output := &tailBuffer{}
	var w io.Writer = output
	if log != nil {
		w = io.MultiWriter(output, log)
	}
	cmd := exec.Command(java,
		// C1-only JIT: starts faster; the server's load in tests is light.
		"-XX:TieredStopAtLevel=1",
		"-Djava.library.path="+filepath.Join(dir, libDirName),
		"-jar", filepath.Join(dir, jarName),
		"-inMemory", "-disableTelemetry", "-sharedDb",
		"-port", strconv.Itoa(port))
	cmd.Dir = dir
	cmd.Stdout = w // the same writer for both: one pipe, one copier
	cmd.Stderr = w
	cmd.WaitDelay = 5 * time.Second
	setProcAttr(cmd)
	s := &Server{
		Endpoint: "http://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(port)),
		Port:     port,
		cmd:      cmd,
		output:   output,
		done:     make(chan struct{}),
	}
	// On Linux the kernel kills the JVM when the thread that started it
	// exits (Pdeathsig follows the thread, not the process), and the Go
	// runtime may retire threads. So the JVM is started from a goroutine
	// locked to its thread, which then waits for the JVM: the thread lives
	// exactly as long as the process, and dies with it.
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with this goroutine
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		s.waitErr = cmd.Wait()
		close(s.done)
	}()
	if err := <-started; err != nil {
		return nil, fmt.Errorf("ddblocal: start %s: %w", java, err)
	}
	if err := s.waitReady(ctx); err != nil {
		_ = s.Stop()
		return nil, err
	}
	return s, nil
}

// waitReady polls ListTables until the server answers, the process exits,
// ctx ends or readyTimeout passes.
func (s *Server) waitReady(ctx context.Context) error {
	client := NewClient(s.Endpoint, func(o *dynamodb.Options) { o.Retryer = aws.NopRetryer{} })
	timeout := time.NewTimer(readyTimeout)
	defer timeout.Stop()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	var lastErr error
	for {
		probeCtx, cancel := context.WithTimeout(ctx, time.Second)
		_, err := client.ListTables(probeCtx, &dynamodb.ListTablesInput{Limit: aws.Int32(1)})
		cancel()
		if err == nil {
			return nil
		}
		lastErr = err
		select {
		case <-s.done:
			return &ExitError{Err: s.waitErr, Output: s.output.String()}
		case <-ctx.Done():
			return fmt.Errorf("ddblocal: waiting for DynamoDB Local: %w", ctx.Err())
		case <-timeout.C:
			return fmt.Errorf("ddblocal: DynamoDB Local did not answer on %s within %s (last error: %v); its output ends with:\n%s",
				s.Endpoint, readyTimeout, lastErr, s.output.String())
		case <-tick.C:
		}
	}
}
