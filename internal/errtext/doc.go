// Package errtext gives every error the module returns one prefix,
// "ddbmodel: ", however many layers wrap it: a layer that adds context
// shows the errors it wraps without their own package prefix, and keeps
// them in the chain for errors.Is and errors.As.
package errtext
