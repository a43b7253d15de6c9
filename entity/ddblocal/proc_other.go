//go:build !linux

package ddblocal

import "os/exec"

// setProcAttr does nothing outside Linux: there the JVM outlives a process
// that dies without calling Server.Stop.
func setProcAttr(cmd *exec.Cmd) {}
