package plantstoremock_test

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"testing"

	plantstoremock "github.com/plantstore-mock/plantstore-mock/modules/go"
)

func TestAMissingDocumentFileFailsBeforeAnythingStarts(t *testing.T) {
	_, err := plantstoremock.Run(context.Background(), image, plantstoremock.WithSpec("no-such-openapi.yaml"))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "the OpenAPI document") || !strings.Contains(err.Error(), "no-such-openapi.yaml") {
		t.Fatalf("got %v", err)
	}
}

func TestAMissingOverlayFileFailsBeforeAnythingStarts(t *testing.T) {
	_, err := plantstoremock.Run(context.Background(), image, plantstoremock.WithOverlays("no-such-overlay.yaml"))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "the overlay") || !strings.Contains(err.Error(), "no-such-overlay.yaml") {
		t.Fatalf("got %v", err)
	}
}

func TestAnImageTheRuntimeCannotFindFailsNamingIt(t *testing.T) {
	needsRuntime(t)
	_, err := plantstoremock.Run(context.Background(), "localhost/plantstore-mock-missing:0")
	var startError *plantstoremock.StartError
	if !errors.As(err, &startError) || !strings.Contains(err.Error(), "the image localhost/plantstore-mock-missing:0 did not start") {
		t.Fatalf("got %v", err)
	}
}

func TestAContainerThatExitsFailsWithItsLastLogLines(t *testing.T) {
	needsRuntime(t)
	_, err := plantstoremock.Run(context.Background(), image, plantstoremock.WithScenario("no-such-scenario"))
	var startError *plantstoremock.StartError
	if !errors.As(err, &startError) {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(err.Error(), "exited with code 2 before it served") || !strings.Contains(startError.Logs, `no scenario "no-such-scenario"`) {
		t.Fatalf("got %v", err)
	}
}

func TestAScenarioTheServerLacksFailsNamingItAndThoseItHas(t *testing.T) {
	needsRuntime(t)
	session := newSession(t, startMock(t))
	err := session.UseScenario(context.Background(), "no-such-scenario")
	var adminError *plantstoremock.AdminError
	if !errors.As(err, &adminError) || adminError.Status != 422 {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(adminError.Message, `Unknown scenario "no-such-scenario"; available: duplicate-id`) || adminError.Logs == "" || strings.Count(adminError.Logs, "\n") >= 30 {
		t.Fatalf("got %v", err)
	}
}

func TestNoDocumentsABasePathThatIsNoPathAndAProxyURLThatIsNoURLFailBeforeAnythingStarts(t *testing.T) {
	for option, want := range map[string]string{
		"no documents": "WithSpecs needs at least one document",
		"bare base":    `a base path starts with /; got "tiny"`,
		"ftp proxy":    "WithProxy needs an http:// or https:// URL",
	} {
		var err error
		switch option {
		case "no documents":
			_, err = plantstoremock.Run(context.Background(), image, plantstoremock.WithSpecs())
		case "bare base":
			_, err = plantstoremock.Run(context.Background(), image, plantstoremock.WithSpecs(plantstoremock.Document{Base: "tiny", File: "x.yaml"}))
		default:
			_, err = plantstoremock.Run(context.Background(), image, plantstoremock.WithProxy("ftp://example.com"))
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: got %v", option, err)
		}
	}
}
