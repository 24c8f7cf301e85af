package dev.marketplace.account.input;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * The shared input path (libs/common): every way input can be wrong answers 400 {@code INVALID_FIELD} naming the field
 * and the rule — annotations, cross-field rules, unknown properties, wrong types, unknown enum values, bad query
 * parameters — and only a body that is not JSON at all is {@code INVALID_BODY}.
 */
@QuarkusTest
class InputPathTest {

    private static io.restassured.specification.RequestSpecification json() {
        return given().contentType(ContentType.JSON);
    }

    @Test
    void aValidBodyBinds() {
        json().body("{\"name\":\"ok\",\"email\":\"a@example.com\",\"kind\":\"LARGE\",\"day\":3,\"lines\":[{\"unit\":\"USER\",\"quantity\":2}]}")
                .post("/test/input").then().statusCode(200).body("kind", equalTo("LARGE"))
                .body("lines[0].quantity", equalTo(2));
    }

    @Test
    void annotationViolationsNameEveryField() {
        json().body("{\"name\":\"\",\"email\":\"nope\",\"day\":40,\"lines\":[{\"unit\":\"USER\",\"quantity\":0}]}")
                .post("/test/input").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", allOf(containsString("name:"), containsString("email:"), containsString("day:"),
                        containsString("lines[0].quantity:")));
    }

    @Test
    void aCrossFieldRuleAnswersTheSameShape() {
        json().body("{\"name\":\"ok\",\"from\":5,\"to\":1}").post("/test/input").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("to: must not be before from"));
    }

    @Test
    void unknownPropertiesAreRefusedByName() {
        json().body("{\"name\":\"ok\",\"nmae\":\"typo\"}").post("/test/input").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("nmae: is not a known property"));
        json().body("{\"name\":\"ok\",\"lines\":[{\"unit\":\"USER\",\"quantity\":1,\"price\":3}]}").post("/test/input")
                .then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("lines[0].price: is not a known property"));
    }

    @Test
    void wrongTypesAndEnumValuesNameTheField() {
        json().body("{\"name\":\"ok\",\"day\":\"monday\"}").post("/test/input").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("day: must be an integer"));
        json().body("{\"name\":\"ok\",\"day\":2.5}").post("/test/input").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("day: must be an integer"));
        json().body("{\"name\":\"ok\",\"kind\":\"HUGE\"}").post("/test/input").then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD")).body("message", equalTo("kind: must be one of SMALL, LARGE"));
    }

    @Test
    void onlyABodyThatIsNotJsonIsInvalidBody() {
        json().body("{\"name\": ").post("/test/input").then().statusCode(400).body("code", equalTo("INVALID_BODY"))
                .body("message", not(containsString("Exception")));
    }

    @Test
    void queryParametersAreParsedStrictlyAndNamed() {
        given().get("/test/input?active=true&sortOrder=DESC&kind=LARGE&fromDate=2024-01-31&count=10").then().statusCode(200)
                .body("active", equalTo(true)).body("ascending", equalTo(false)).body("kind", equalTo("LARGE"))
                .body("from", equalTo(1706659200000L)).body("count", equalTo(10));
        given().get("/test/input?active=yes").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("active: must be true or false"));
        given().get("/test/input?sortOrder=UP").then().statusCode(400).body("message", equalTo("sortOrder: must be ASC or DESC"));
        given().get("/test/input?kind=HUGE").then().statusCode(400).body("message", equalTo("kind: must be one of SMALL, LARGE"));
        given().get("/test/input?fromDate=yesterday").then().statusCode(400).body("message", containsString("fromDate:"));
        given().get("/test/input?count=500").then().statusCode(400).body("message", equalTo("count: must be between 1 and 250"));
    }
}
