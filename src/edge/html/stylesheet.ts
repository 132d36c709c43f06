import { createHash } from 'node:crypto';

/**
 * The one stylesheet of the HTML pages (public site, and later the pro space and the
 * back-office). It is served under a name carrying its content hash, so browsers may keep
 * it for a year: a change of a single character gives a new name, and pages link the new one.
 */
export const STYLESHEET = `:root{--ink:#1b1b1b;--muted:#555;--line:#d9d9d9;--soft:#f4f5f7;--accent:#0b57d0;--accent-ink:#fff;--warn:#8a1c00;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink)}
*{box-sizing:border-box}body{margin:0;background:#fff}
a{color:var(--accent)}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible,.notice:focus{outline:3px solid #f0b40f;outline-offset:2px}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:#fff;padding:.5rem;z-index:9}
header.site{border-bottom:1px solid var(--line)}header.site .wrap{display:flex;gap:.25rem 1.5rem;align-items:center;min-height:3.5rem;flex-wrap:wrap;padding-top:.4rem;padding-bottom:.4rem}
.brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:var(--ink)}header.site nav a{margin-right:1rem}
main{padding:1.25rem 0 3rem}main.wrap{padding:1.25rem 1rem 3rem}h1{font-size:1.7rem;line-height:1.2;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:1.75rem 0 .75rem}
footer.site{border-top:1px solid var(--line);color:var(--muted);font-size:.9rem;padding:1.5rem 0}
.hero{background:var(--soft);border-radius:.5rem;padding:1.25rem}
form.search{display:grid;grid-template-columns:repeat(auto-fit,minmax(9.5rem,1fr));gap:.75rem 1rem;align-items:end}
label{display:block;font-weight:600;font-size:.9rem;margin-bottom:.2rem}
input,select,textarea{width:100%;font:inherit;padding:.45rem .55rem;border:1px solid #767676;border-radius:.3rem;background:#fff;color:var(--ink)}
textarea{min-height:8rem}
button{font:inherit;font-weight:600;padding:.55rem 1.1rem;border:0;border-radius:.3rem;background:var(--accent);color:var(--accent-ink);cursor:pointer}
.field-error{color:var(--warn);font-size:.9rem;margin:.2rem 0 0}[aria-invalid=true]{border-color:var(--warn);border-width:2px}
.notice{border-left:4px solid var(--warn);background:#fff4f0;padding:.6rem .9rem;margin:1rem 0}.notice ul{margin:.3rem 0 0;padding-left:1.2rem}
.ok{border-left-color:#0a7d32;background:#eefaf1}
.layout{display:grid;gap:1.5rem}.layout form.search{grid-template-columns:1fr}@media(min-width:56rem){.layout{grid-template-columns:17rem 1fr}}
details.filters>summary{cursor:pointer;font-weight:600;padding:.55rem .8rem;border:1px solid var(--line);border-radius:.3rem;background:var(--soft)}details.filters[open]>summary{margin-bottom:.75rem}
@media(min-width:56rem){@supports selector(::details-content){details.filters>summary{display:none}details.filters::details-content{display:block;content-visibility:visible}}}
footer.site nav{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:0 0 1rem}
.cards,ul.places{list-style:none;padding:0;margin:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr))}
.card{border:1px solid var(--line);border-radius:.5rem;overflow:hidden;display:flex;flex-direction:column}
.card img,.card .nophoto{width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;background:var(--soft);display:block}
.card .body{padding:.6rem .8rem .8rem}.card h3{font-size:1rem;margin:0 0 .3rem}.card h3 a{text-decoration:none;color:var(--ink)}.card h3 a:hover{text-decoration:underline}
.price{font-weight:700;font-size:1.1rem}.facts{color:var(--muted);margin:.2rem 0}.badge{display:inline-block;font-size:.8rem;font-weight:700;padding:0 .4rem;border-radius:.25rem;background:#ffe9a8;color:#1b1b1b}
.count{color:var(--muted);margin-top:-.5rem}
ul.places{margin:.5rem 0 1rem;gap:.35rem 1.5rem}
nav.pages ol{list-style:none;display:flex;flex-wrap:wrap;gap:.4rem;padding:0}nav.pages a,nav.pages span{display:inline-block;min-width:2.5rem;text-align:center;padding:.4rem .6rem;border:1px solid var(--line);border-radius:.3rem}
nav.pages [aria-current]{background:var(--accent);color:#fff;border-color:var(--accent)}
.gallery{overflow-x:auto;scroll-snap-type:x mandatory;margin:0 0 1rem}.gallery .slides{list-style:none;margin:0;padding:0;display:flex}
.gallery .slide{flex:0 0 100%;position:relative;scroll-snap-align:start;scroll-margin-top:.5rem}.gallery figure{margin:0}.gallery .frame{position:relative}
.gallery img{width:100%;height:auto;aspect-ratio:4/3;object-fit:contain;border-radius:.4rem;background:var(--soft);display:block}
.gallery figcaption{font-size:.9rem;color:var(--muted);display:flex;gap:.75rem;padding:.3rem 0}.photo-count{font-weight:700;color:var(--ink)}
.gallery .arrow{position:absolute;top:50%;transform:translateY(-50%);display:grid;place-items:center;width:2.75rem;height:2.75rem;border-radius:50%;background:#fff;color:var(--ink);border:1px solid var(--line);font-size:1.8rem;line-height:1;text-decoration:none;box-shadow:0 1px 4px #0004}
.gallery .prev{left:.5rem}.gallery .next{right:.5rem}.gallery .arrow:hover{background:var(--soft)}
.detail{display:grid;gap:1.5rem}@media(min-width:56rem){.detail{grid-template-columns:1fr 22rem}}
dl.facts-list{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:0}dl.facts-list dt{font-weight:600}dl.facts-list dd{margin:0}
.description{white-space:pre-line;overflow-wrap:anywhere}code{overflow-wrap:anywhere}.legal{font-size:.9rem;color:var(--muted)}
aside.contact{background:var(--soft);border-radius:.5rem;padding:1rem;align-self:start}aside.contact form>div{margin-bottom:.8rem}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.energy{margin:0 0 1rem}.energy ol{list-style:none;padding:0;margin:.4rem 0}.energy li{display:flex;align-items:center;gap:.5rem;margin:2px 0}
.energy .bar{display:inline-block;font-weight:700;padding:0 .5rem;border-radius:0 1rem 1rem 0;line-height:1.6;color:#000}
.energy li[aria-current] .bar{line-height:2.2;outline:2px solid #000;outline-offset:1px}.energy li[aria-current]::after{content:"◀ " attr(data-label);font-weight:700}
.dpe .A{background:#009c6d;width:30%}.dpe .B{background:#52b153;width:40%}.dpe .C{background:#78bd76;width:50%}.dpe .D{background:#f4e70f;width:60%}.dpe .E{background:#f0b40f;width:70%}.dpe .F{background:#eb8235;width:80%}.dpe .G{background:#d7221f;width:90%;color:#fff}
.ges .A{background:#f2eff4;width:30%}.ges .B{background:#dfc1f7;width:40%}.ges .C{background:#d6aaf4;width:50%}.ges .D{background:#cc93f4;width:60%}.ges .E{background:#bb72f3;width:70%}.ges .F{background:#a94cee;width:80%}.ges .G{background:#8a19df;width:90%;color:#fff}
.excessive{font-weight:700;color:var(--warn)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.admin-nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;flex:1}.admin-nav a[aria-current]{font-weight:700;text-decoration:none;color:var(--ink)}
form.inline{display:inline-flex;gap:.5rem;align-items:center;flex-wrap:wrap;margin:0}form.inline label{margin:0}form.inline select{width:auto}
.admin-nav form.inline{margin-left:auto}.who{color:var(--muted);font-size:.9rem}
button.link{background:none;color:var(--accent);padding:0;text-decoration:underline;font-weight:400}
button.secondary{background:#fff;color:var(--warn);border:2px solid var(--warn)}
.narrow{max-width:26rem}.narrow>div,.reply>div,.reply form>div{margin-bottom:.8rem}
.late{color:var(--warn);font-weight:700}.good{color:#0a7d32}.muted{color:var(--muted)}
dl.figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.75rem;margin:0}dl.figures div{background:var(--soft);border-radius:.4rem;padding:.6rem .8rem}
dl.figures dt{font-size:.85rem;color:var(--muted)}dl.figures dd{margin:0;font-size:1.4rem;font-weight:700}
ol.queue{list-style:none;padding:0}ol.queue>li{border:1px solid var(--line);border-radius:.5rem;padding:.8rem 1rem;margin-bottom:1rem}ol.queue>li.overdue{border-left:6px solid var(--warn)}
ol.queue h2{margin:0 0 .3rem;font-size:1.1rem}.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end}
form.refuse{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}form.refuse label{flex-basis:100%}form.refuse input{flex:1;min-width:12rem}
.table-scroll{overflow-x:auto;max-width:100%;margin:.5rem 0 1rem}.table-scroll>table{margin:0}
table.list{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}table.list th,table.list td{border-bottom:1px solid var(--line);padding:.4rem .5rem;text-align:left;vertical-align:top}table.list caption{text-align:left;font-weight:600}
@media(max-width:40rem){table.stacked,table.stacked tbody{display:block}table.stacked thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}table.stacked tr{display:block;border:1px solid var(--line);border-radius:.5rem;margin:0 0 .75rem;padding:.3rem .7rem}table.stacked td{display:grid;grid-template-columns:9.5rem 1fr;gap:.5rem;border:0;padding:.25rem 0;overflow-wrap:anywhere}table.stacked td::before{content:attr(data-label);font-weight:600}}
.compare{display:grid;gap:1.5rem}@media(min-width:56rem){.compare{grid-template-columns:1fr 1fr}}.compare section{border:1px solid var(--line);border-radius:.5rem;padding:.8rem 1rem}:is(.compare section,ol.queue>li)>:first-child{margin-top:0}
ins{background:#d7f5dd;text-decoration:underline}del{background:#ffe1dc;text-decoration:line-through}
ul.photos{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}ul.photos img{width:15rem;height:auto;aspect-ratio:4/3;object-fit:cover;background:var(--soft);border-radius:.3rem}
form.decision{background:var(--soft);border-radius:.5rem;padding:.8rem 1rem;margin:1rem 0}form.decision>div{margin-bottom:.6rem}
figure.chart{margin:1rem 0;max-width:40rem}figure.chart svg{display:block;width:100%;height:auto}figure.chart figcaption{font-size:.9rem;color:var(--muted)}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:0 1.5rem;align-items:end}.charts figure.chart{margin:.5rem 0;max-width:none}table.numbers{max-width:46rem}table.numbers th,table.numbers td{padding:.4rem .3rem}@media(max-width:30rem){table.numbers{font-size:.875rem}}table.numbers tbody th,table.numbers tfoot th{white-space:nowrap}table.numbers td,table.numbers thead th:not(:first-child){text-align:right;font-variant-numeric:tabular-nums}
fieldset{border:1px solid var(--line);border-radius:.3rem;margin:0 0 .8rem;padding:.5rem .8rem}legend{font-weight:600;font-size:.9rem}
label.check{display:flex;gap:.5rem;align-items:center;font-weight:400}label.check input{width:auto}
input.secret{font-family:ui-monospace,monospace;font-size:.95rem;max-width:40rem}
ol.thread{list-style:none;padding:0;margin:0;max-width:46rem}ol.thread>li{border:1px solid var(--line);border-radius:.5rem;padding:.6rem .9rem;margin:0 0 .75rem}ol.thread>li.mine{background:var(--soft);margin-left:1.5rem}ol.thread>li.theirs{margin-right:1.5rem}ol.thread .from{margin:0 0 .3rem;font-size:.9rem;color:var(--muted)}ol.thread .from strong{color:var(--ink)}ol.thread .description{margin:0}
.reply{max-width:46rem}form.confirm{display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:center;margin:1.25rem 0}
details.alert-box{margin:1rem 0 0;border:1px solid var(--line);border-radius:.5rem;padding:.55rem .8rem}details.alert-box>summary{cursor:pointer;font-weight:600}details.alert-box[open]>summary{margin-bottom:.75rem}form.alert>div,form.alert>fieldset{margin-bottom:.8rem}
ul.alerts{list-style:none;padding:0;margin:0 0 1rem;max-width:46rem}ul.alerts>li{border:1px solid var(--line);border-radius:.5rem;padding:.6rem .9rem;margin:0 0 .75rem}ul.alerts .alert-name{margin:0 0 .2rem;font-weight:600}ul.alerts .facts{margin:0 0 .5rem}
.combo{position:relative}.combo ul{position:absolute;left:0;right:0;z-index:5;margin:.2rem 0 0;padding:.25rem 0;list-style:none;background:#fff;border:1px solid #767676;border-radius:.3rem;box-shadow:0 2px 8px #0003;max-height:20rem;overflow-y:auto}.combo li{padding:.45rem .6rem;cursor:pointer}.combo li:hover{background:var(--soft)}.combo [aria-selected=true]{background:var(--accent);color:var(--accent-ink)}.combo [aria-selected=true] .muted{color:inherit}@media(min-width:56rem){.combo ul{right:auto;min-width:max(100%,20rem)}}
`;

export const STYLESHEET_HASH = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);

/** Where pages link the stylesheet; the hash in the name changes with its content. */
export const STYLESHEET_PATH = `/assets/site.${STYLESHEET_HASH}.css`;
