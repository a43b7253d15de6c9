package ddbmodel_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"syscall"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/ddbmodel/ddbmodel"
)

// sdkErr wraps err as the SDK returns an API error: an operation error
// around a response error carrying the HTTP status.
func sdkErr(status int, err error) error {
	return &smithy.OperationError{ServiceID: "DynamoDB", OperationName: "BatchWriteItem", Err: &awshttp.ResponseError{
		ResponseError: &smithyhttp.ResponseError{Response: &smithyhttp.Response{Response: &http.Response{StatusCode: status}}, Err: err},
		RequestID:     "req-1",
	}}
}

func reset() error {
	return &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}
}

func TestIsRetryable(t *testing.T) {
	for name, tc := range map[string]struct {
		err  error
		want bool
	}{
		"nil": {nil, false},
		// Throttling, bare (as fakes return it) and as the SDK returns it.
		"ThrottlingException":                    {&smithy.GenericAPIError{Code: "ThrottlingException"}, true},
		"ThrottlingException from the SDK":       {sdkErr(400, &smithy.GenericAPIError{Code: "ThrottlingException"}), true},
		"ProvisionedThroughputExceededException": {sdkErr(400, &types.ProvisionedThroughputExceededException{}), true},
		"RequestLimitExceeded":                   {&types.RequestLimitExceeded{}, true},
		"TransactionInProgressException":         {&types.TransactionInProgressException{}, true},
		// Server errors, by status and by code.
		"500 InternalServerError":                 {sdkErr(500, &types.InternalServerError{}), true},
		"InternalServerError without a status":    {&types.InternalServerError{}, true},
		"503 ServiceUnavailable":                  {sdkErr(503, &smithy.GenericAPIError{Code: "ServiceUnavailable"}), true},
		"ServiceUnavailable without a status":     {&smithy.GenericAPIError{Code: "ServiceUnavailable"}, true},
		"502 with an unknown code":                {sdkErr(502, &smithy.GenericAPIError{Code: "BadGateway"}), true},
		"504 with an unknown code":                {sdkErr(504, &smithy.GenericAPIError{Code: "Whatever"}), true},
		"RequestTimeout":                          {&smithy.GenericAPIError{Code: "RequestTimeout"}, true},
		"InternalFailure":                         {&smithy.GenericAPIError{Code: "InternalFailure"}, true},
		"ServiceUnavailableException":             {&smithy.GenericAPIError{Code: "ServiceUnavailableException"}, true},
		"connection reset while sending":          {&smithy.OperationError{Err: &smithyhttp.RequestSendError{Err: &url.Error{Op: "Post", URL: "http://x", Err: reset()}}}, true},
		"connection reset while reading the body": {&smithy.OperationError{Err: &smithy.DeserializationError{Err: fmt.Errorf("failed to decode response body, %w", reset())}}, true},
		"connection refused":                      {&url.Error{Op: "Post", URL: "http://x", Err: &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}}, true},
		// Transaction conflicts, as before.
		"TransactionConflictException":  {&types.TransactionConflictException{}, true},
		"version conflict":              {fmt.Errorf("x: %w", ddbmodel.ErrVersionConflict), true},
		"conflict-only cancellation":    {&ddbmodel.TxCanceledError{Reasons: []ddbmodel.CancelReason{{Code: "None"}, {Code: "TransactionConflict"}}}, true},
		"condition-failed cancellation": {&ddbmodel.TxCanceledError{Reasons: []ddbmodel.CancelReason{{Code: "TransactionConflict"}, {Code: "ConditionalCheckFailed"}}}, false},
		// Not retryable.
		"context canceled":                {context.Canceled, false},
		"deadline exceeded":               {context.DeadlineExceeded, false},
		"wrapped deadline exceeded":       {&smithy.OperationError{Err: fmt.Errorf("x: %w", context.DeadlineExceeded)}, false},
		"SDK canceled request":            {&smithy.OperationError{Err: &aws.RequestCanceledError{Err: context.Canceled}}, false},
		"throttled but canceled":          {errors.Join(context.Canceled, &smithy.GenericAPIError{Code: "ThrottlingException"}), false},
		"recovered panic":                 {&ddbmodel.PanicError{Value: "boom"}, false},
		"ConditionalCheckFailedException": {sdkErr(400, &types.ConditionalCheckFailedException{}), false},
		"ValidationException":             {sdkErr(400, &smithy.GenericAPIError{Code: "ValidationException"}), false},
		"ResourceNotFoundException":       {&types.ResourceNotFoundException{}, false},
		"invalid input":                   {&ddbmodel.ValidationError{Reason: "bad"}, false},
		"plain error":                     {errors.New("boom"), false},
	} {
		if got := ddbmodel.IsRetryable(tc.err); got != tc.want {
			t.Errorf("%s: IsRetryable(%v) = %v, want %v", name, tc.err, got, tc.want)
		}
	}
}

func TestPanicErrorUnwraps(t *testing.T) {
	cause := errors.New("inner")
	err := fmt.Errorf("wrapped: %w", &ddbmodel.PanicError{Value: cause})
	var pe *ddbmodel.PanicError
	if !errors.As(err, &pe) || pe.Value != cause || !errors.Is(err, ddbmodel.ErrPanic) || !errors.Is(err, cause) {
		t.Errorf("err = %v: want a *PanicError, ErrPanic and the panic's error", err)
	}
	if errors.Is(&ddbmodel.PanicError{Value: "text"}, cause) {
		t.Error("a panic with a string value unwraps to an unrelated error")
	}
}
