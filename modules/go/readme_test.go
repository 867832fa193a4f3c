package plantstoremock_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	plantstoremock "github.com/plantstore-mock/plantstore-mock/modules/go"
	"github.com/stretchr/testify/require"
	"github.com/testcontainers/testcontainers-go"
)

// TestReportsADuplicatePlant is the example of README.md as written there, but for the image's tag and the
// skip without a runtime; TestTheReadmeExampleIsTheOneThatRuns keeps the two equal.
func TestReportsADuplicatePlant(t *testing.T) {
	needsRuntime(t)
	ctx := context.Background()
	mock, err := plantstoremock.Run(ctx, image, plantstoremock.WithTokens("secret"))
	require.NoError(t, err) // a failed Run has removed its container already
	testcontainers.CleanupContainer(t, mock)
	session, _ := mock.Session() // its own X-Mock-Session: scenario, data, journal
	require.NoError(t, session.UseScenario(ctx, "duplicate-id"))
	headers := map[string]string{"Authorization": "Bearer secret", "Content-Type": "application/json"}
	for _, want := range []int{200, 400} {
		response, err := session.Request(ctx, "POST", "/plants", strings.NewReader(`{"id": 42, "name": "Ficus"}`), headers)
		require.NoError(t, err)
		require.Equal(t, want, response.StatusCode)
	}
	verdict, err := session.CoverageGate(ctx, plantstoremock.Gate{NoViolations: true})
	require.NoError(t, err)
	require.True(t, verdict.Pass, verdict.Reason)
}

func TestTheReadmeExampleIsTheOneThatRuns(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	shown := regexp.MustCompile("(?s)<!-- recipe: ran by modules/go/readme_test.go -->\n```go\n(.*?)```").FindSubmatch(readme)
	require.NotNil(t, shown, "README.md has no go block marked as run by readme_test.go")
	self, err := os.ReadFile("readme_test.go")
	require.NoError(t, err)
	runs := regexp.MustCompile("(?s)\nfunc TestReportsADuplicatePlant.*?\n}\n").Find(self)
	written := strings.NewReplacer("image,", `"plantstore-mock:latest",`, "\tneedsRuntime(t)\n", "").Replace(string(runs))
	require.Equal(t, string(shown[1]), strings.TrimPrefix(written, "\n"))
}
