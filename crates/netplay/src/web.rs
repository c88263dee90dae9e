//! The browser client: the lobby and table pages of `web/`, embedded in the binary so the
//! server needs no files beside it and the pages work offline on a LAN.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

/// One embedded file: its URL path, content type and text.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// Every file of the browser client.
const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: HTML,
        body: include_str!("../web/index.html"),
    },
    Asset {
        path: "/style.css",
        content_type: CSS,
        body: include_str!("../web/style.css"),
    },
    Asset {
        path: "/app.js",
        content_type: JS,
        body: include_str!("../web/app.js"),
    },
    Asset {
        path: "/i18n.js",
        content_type: JS,
        body: include_str!("../web/i18n.js"),
    },
    Asset {
        path: "/xiangqi.js",
        content_type: JS,
        body: include_str!("../web/xiangqi.js"),
    },
    Asset {
        path: "/svg.js",
        content_type: JS,
        body: include_str!("../web/svg.js"),
    },
    Asset {
        path: "/gomoku.js",
        content_type: JS,
        body: include_str!("../web/gomoku.js"),
    },
    Asset {
        path: "/cards.js",
        content_type: JS,
        body: include_str!("../web/cards.js"),
    },
    Asset {
        path: "/dom.js",
        content_type: JS,
        body: include_str!("../web/dom.js"),
    },
    Asset {
        path: "/focus.js",
        content_type: JS,
        body: include_str!("../web/focus.js"),
    },
    Asset {
        path: "/doudizhu.js",
        content_type: JS,
        body: include_str!("../web/doudizhu.js"),
    },
    Asset {
        path: "/hearts.js",
        content_type: JS,
        body: include_str!("../web/hearts.js"),
    },
    Asset {
        path: "/klondike.js",
        content_type: JS,
        body: include_str!("../web/klondike.js"),
    },
];

/// The routes serving the browser client, to merge into the server's router.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    ASSETS.iter().fold(Router::new(), |router, asset| {
        let (content_type, body) = (asset.content_type, asset.body);
        router.route(
            asset.path,
            get(move || async move { ([(header::CONTENT_TYPE, content_type)], body).into_response() }),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::ASSETS;

    #[test]
    fn every_module_the_pages_import_is_served() {
        let served: Vec<&str> = ASSETS.iter().map(|a| a.path).collect();
        for asset in ASSETS {
            for line in asset.body.lines() {
                let Some(rest) = line.split("from \"./").nth(1) else {
                    continue;
                };
                let module = format!("/{}", rest.split('"').next().unwrap_or_default());
                assert!(
                    served.contains(&module.as_str()),
                    "{} imports {module}, which is not served",
                    asset.path
                );
            }
        }
    }
}
