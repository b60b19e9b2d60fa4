//! The boxed child of a stream node, which frees a deep stream with a loop.

use super::{Frame, Node};

/// A boxed child stream. Streams nest as deep as the search is (one level per pending
/// bind), so a link frees its subtree with a loop rather than by recursion.
pub(crate) struct Link(Box<Node>);

impl Link {
    pub(crate) fn new(node: Node) -> Link {
        crate::kernel::budget::node_made();
        Link(Box::new(node))
    }

    pub(crate) fn into_inner(mut self) -> Node {
        std::mem::replace(&mut *self.0, Node::Empty)
    }

    /// Puts `node` in this link's box and returns what it held: a link made and another
    /// taken apart, without the allocator.
    pub(crate) fn replace(&mut self, node: Node) -> Node {
        std::mem::replace(&mut *self.0, node)
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        crate::kernel::budget::node_freed();
        if !has_children(&self.0) {
            return;
        }
        let mut stack = vec![std::mem::replace(&mut *self.0, Node::Empty)];
        while let Some(mut node) = stack.pop() {
            let mut detach = |l: &mut Link| {
                if has_children(&l.0) {
                    stack.push(std::mem::replace(&mut *l.0, Node::Empty));
                }
            };
            match &mut node {
                Node::Choice(_, a) | Node::Inc(a) | Node::Bind(a, _) | Node::Conj(a, _) => {
                    detach(a)
                }
                Node::Mplus(a, b) => {
                    detach(a);
                    detach(b);
                }
                Node::Resume(a, fs) | Node::Captured(a, fs) => {
                    detach(a);
                    for f in fs {
                        if let Frame::Mplus(y) = f {
                            detach(y);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

fn has_children(node: &Node) -> bool {
    matches!(
        node,
        Node::Choice(..)
            | Node::Inc(_)
            | Node::Bind(..)
            | Node::Conj(..)
            | Node::Mplus(..)
            | Node::Resume(..)
            | Node::Captured(..)
    )
}
