// The fixtures shared by this package's tests: model types, their Define
// calls and helpers. A fixture used by one test file stays in that file.

package txn_test

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// apiErr is err as the SDK returns an API error: an operation error around
// a response error carrying the HTTP status.
func apiErr(op string, status int, err error) error {
	return &smithy.OperationError{ServiceID: "DynamoDB", OperationName: op, Err: &awshttp.ResponseError{
		ResponseError: &smithyhttp.ResponseError{Response: &smithyhttp.Response{Response: &http.Response{StatusCode: status}}, Err: err},
		RequestID:     "fault",
	}}
}

// connReset is the error of a connection reset by the server.
func connReset() error {
	return &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}
}

// resetBeforeServer is a connection reset while sending the request, as
// the SDK reports it (the server never saw the request).
func resetBeforeServer(op string) error {
	return &smithy.OperationError{ServiceID: "DynamoDB", OperationName: op,
		Err: &smithyhttp.RequestSendError{Err: &url.Error{Op: "Post", URL: "http://dynamodb", Err: connReset()}}}
}

// resetAfterServer is a connection reset while reading the response, as
// the SDK reports it (the server may have applied the request).
func resetAfterServer(op string) error {
	return &smithy.OperationError{ServiceID: "DynamoDB", OperationName: op,
		Err: &smithy.DeserializationError{Err: fmt.Errorf("failed to decode response body, %w", connReset())}}
}

// transientFaults are the errors a batch must retry, by name.
func transientFaults(op string) map[string]error {
	return map[string]error{
		"ThrottlingException":                    apiErr(op, 400, &smithy.GenericAPIError{Code: "ThrottlingException", Message: "Rate of requests exceeds the allowed throughput."}),
		"ProvisionedThroughputExceededException": apiErr(op, 400, &types.ProvisionedThroughputExceededException{Message: aws.String("throughput exceeded")}),
		"RequestLimitExceeded":                   apiErr(op, 400, &types.RequestLimitExceeded{}),
		"500 InternalServerError":                apiErr(op, 500, &types.InternalServerError{Message: aws.String("Internal server error")}),
		"503 ServiceUnavailable":                 apiErr(op, 503, &smithy.GenericAPIError{Code: "ServiceUnavailable"}),
		"bare InternalServerError":               &types.InternalServerError{},
		"connection reset before the server":     resetBeforeServer(op),
		"connection reset after the server":      resetAfterServer(op),
	}
}

// faultyTx returns a DB whose requests pass a recorder (counting what is
// sent) and then a fault client with rules, answering empty.
func faultyTx(rules ...entitytest.FaultRule) (*entity.DB, *entitytest.Recorder) {
	rec := entitytest.NewRecorder(entitytest.NewFaultClient(nil, 1, rules...))
	return entity.NewDB(rec, "t"), rec
}

const fast = time.Millisecond

type User struct {
	UserID string `dynamo:"userId"`
	Name   string `dynamo:"name"`
	Groups int    `dynamo:"groups"`
}

type Group struct {
	GroupID string `dynamo:"groupId"`
	Members int    `dynamo:"members"`
}

type Membership struct {
	UserID  string `dynamo:"userId"`
	GroupID string `dynamo:"groupId"`
	Role    string `dynamo:"role"`
}

type model struct {
	table   *entity.Table
	users   *entity.Entity[User]
	groups  *entity.Entity[Group]
	members *entity.Entity[Membership]
}

func newModel() model {
	t := &entity.Table{Name: "groups", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	return model{
		table:  t,
		users:  entity.MustDefine(t, entity.Config[User]{Name: "User", Key: entity.Key{Partition: "USER#${userId}", Sort: "#PROFILE"}}),
		groups: entity.MustDefine(t, entity.Config[Group]{Name: "Group", Key: entity.Key{Partition: "GROUP#${groupId}", Sort: "#META"}}),
		members: entity.MustDefine(t, entity.Config[Membership]{Name: "Membership",
			Key:     entity.Key{Partition: "USER#${userId}", Sort: "GROUP#${groupId}"},
			Indexes: []entity.IndexKey[Membership]{{Index: "GSI1", Partition: "GROUP#${groupId}", Sort: "USER#${userId}"}}}),
	}
}

func (m model) join(user, group string) txn.WriteTx {
	return txn.Write(
		m.members.Create(Membership{UserID: user, GroupID: group, Role: "member"}),
		m.users.Update(entity.Values{"userId": user}).Add("groups", 1),
		m.groups.Update(entity.Values{"groupId": group}).Add("members", 1),
	)
}
