def test_healthz_says_the_process_is_up(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json == {"status": "ok"}


def test_readyz_says_the_database_is_reachable(client):
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json["database"] == "ok"


def test_readyz_reports_an_unreachable_database(app, monkeypatch):
    from sqlalchemy.exc import OperationalError

    from idp.extensions import db

    def unreachable(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    monkeypatch.setattr(db.session, "execute", unreachable)
    response = app.test_client().get("/readyz")
    assert response.status_code == 503
    assert response.json["database"] == "unreachable"


def test_no_probe_answer_is_cached(client):
    # a cache between the balancer and the web server would keep saying a dead instance is ready
    for path in ("/healthz", "/readyz"):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
