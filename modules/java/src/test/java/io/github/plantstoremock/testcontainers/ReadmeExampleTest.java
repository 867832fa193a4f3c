package io.github.plantstoremock.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Files;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The example of README.md as written there but for the image's tag ({@code TestImage.name()}, which skips
 * without a runtime); {@link #theReadmeExampleIsTheOneThatRuns} keeps the two equal.
 */
class ReadmeExampleTest {
    @Test
    void reportsADuplicatePlant() {
        try (var mock = new PlantStoreMockContainer(TestImage.name()).withTokens("secret")) {
            mock.start();
            MockSession session = mock.session(); // its own X-Mock-Session: scenario, data, journal
            session.useScenario("duplicate-id");
            var create = session.request("/plants").header("Authorization", "Bearer secret")
                    .header("Content-Type", "application/json").POST(BodyPublishers.ofString("{\"id\": 42, \"name\": \"Ficus\"}"));
            assertEquals(200, session.send(create).statusCode());
            assertEquals(400, session.send(create).statusCode());
            assertTrue(session.verify(Map.of("method", "POST", "path", "/plants", "exactly", 2)).pass());
            GateVerdict verdict = session.coverageGate(null, true);
            assertTrue(verdict.pass(), verdict.reason());
        }
    }

    @Test
    void theReadmeExampleIsTheOneThatRuns() throws IOException {
        String readme = Files.readString(TestImage.REPO.resolve("modules/java/README.md"));
        Matcher shown = Pattern.compile("(?s)<!-- recipe: ran by [^\\n]*ReadmeExampleTest.java -->\\n```java\\n(.*?)```").matcher(readme);
        assertTrue(shown.find(), "README.md has no java block marked as run by ReadmeExampleTest.java");
        String self = Files.readString(TestImage.REPO.resolve("modules/java/src/test/java/io/github/plantstoremock/testcontainers/ReadmeExampleTest.java"));
        Matcher runs = Pattern.compile("(?s)\\n    @Test\\n    void reportsADuplicatePlant.*?\\n    }\\n").matcher(self);
        assertTrue(runs.find());
        String written = runs.group().substring(1).replace("TestImage.name()", "\"plantstore-mock:latest\"").replaceAll("(?m)^    ", "");
        assertEquals(shown.group(1), written);
    }
}
